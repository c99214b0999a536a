package vendortest

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/war-room/war-room/engine/provider"
)

// Case is one real vendor answer of a conformance corpus (testdata/corpus/*.json): the
// recorded status, headers and body, where it was recorded, and what the vendor's JSON says
// of it — read by the extraction, independently of the adapter under test.
type Case struct {
	Name   string `json:"-"`
	Source struct {
		Repository  string `json:"repository"`
		License     string `json:"license"`
		Path        string `json:"path"`
		Commit      string `json:"commit"`
		Interaction int    `json:"interaction"`
	} `json:"source"`
	Status  int               `json:"status"`
	Headers map[string]string `json:"headers"`
	Body    json.RawMessage   `json:"body"`
	// Stream is a streamed answer's events as recorded (text/event-stream), instead of Body.
	Stream string `json:"stream"`
	Want   struct {
		Text       string `json:"text"`
		Class      string `json:"class"`
		StopReason string `json:"stop_reason"`
		Usage      struct {
			Input      int64 `json:"input"`
			Output     int64 `json:"output"`
			CacheRead  int64 `json:"cache_read"`
			CacheWrite int64 `json:"cache_write"`
			Thinking   int64 `json:"thinking"`
		} `json:"usage"`
		// Message is the vendor's own words of an error answer; RetryAfterS the wait it named.
		Message     string  `json:"message"`
		RetryAfterS float64 `json:"retry_after_s"`
	} `json:"want"`
}

// Corpus loads the calling package's testdata/corpus, failing t on a case without its
// source.
func Corpus(t *testing.T) []Case {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "corpus", "*.json"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no corpus under testdata/corpus (%v)", err)
	}
	var out []Case
	for _, p := range paths {
		raw, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var c Case
		if err := json.Unmarshal(raw, &c); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if c.Source.Repository == "" || c.Source.Path == "" || len(c.Source.Commit) != 40 {
			t.Fatalf("%s names no public source", p)
		}
		c.Name = strings.TrimSuffix(filepath.Base(p), ".json")
		out = append(out, c)
	}
	return out
}

// Reply answers as the recording did.
func (c Case) Reply() Reply {
	var hs []string
	for _, k := range slices.Sorted(func(yield func(string) bool) {
		for k := range c.Headers {
			if !yield(k) {
				return
			}
		}
	}) {
		if k != "content-type" {
			hs = append(hs, k, c.Headers[k])
		}
	}
	ct := c.Headers["content-type"]
	if ct == "" {
		ct = "application/json"
	}
	if c.Stream != "" {
		return Raw(c.Status, ct, c.Stream, hs...)
	}
	return Raw(c.Status, ct, string(c.Body), hs...)
}

// Check compares what the adapter made of the case with what the recording says: the
// text, the usage and the stop of an answer; the class, status, message and wait of a
// failure.
func (c Case) Check(t *testing.T, resp provider.Response, err error) {
	t.Helper()
	w := c.Want
	var pe *provider.Error
	errors.As(err, &pe)
	switch {
	case c.Status >= 400:
		if pe == nil {
			t.Fatalf("status %d: want a provider error, got %v", c.Status, err)
		}
		if pe.Status != c.Status || pe.Class != classForStatus(c.Status, pe.Class) {
			t.Errorf("status %d: got status %d class %s", c.Status, pe.Status, pe.Class)
		}
		if w.Message != "" && !strings.Contains(err.Error(), firstLine(w.Message)) {
			t.Errorf("the error does not carry the vendor's words %q: %v", firstLine(w.Message), err)
		}
		if want := time.Duration(w.RetryAfterS * float64(time.Second)); want > 0 && pe.RetryAfter != want {
			t.Errorf("retry-after %s, want %s", pe.RetryAfter, want)
		}
		return
	case w.Class != "":
		if pe == nil || string(pe.Class) != w.Class {
			t.Fatalf("stop %s: want class %s, got %v", w.StopReason, w.Class, err)
		}
	default:
		if err != nil {
			t.Fatalf("a complete answer failed: %v", err)
		}
		if resp.Text != w.Text {
			t.Errorf("text %q, want %q", resp.Text, w.Text)
		}
	}
	want := provider.Usage{InputTokens: w.Usage.Input, OutputTokens: w.Usage.Output, CacheReadTokens: w.Usage.CacheRead,
		CacheWriteTokens: w.Usage.CacheWrite, ThinkingTokens: w.Usage.Thinking}
	if err == nil && resp.Usage != want {
		t.Errorf("usage %+v, want %+v", resp.Usage, want)
	}
	if err == nil && resp.StopReason != w.StopReason {
		t.Errorf("stop reason %q, want %q", resp.StopReason, w.StopReason)
	}
}

// classForStatus is the class a status must get; a quota the adapter recognised stands.
func classForStatus(status int, got provider.Class) provider.Class {
	if got == provider.ClassQuota && (status == 429 || status == 402) {
		return got
	}
	switch {
	case status == 408 || status == 409 || status == 429 || status >= 500:
		return provider.ClassTransport
	}
	return provider.ClassInvalidRequest
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if len(s) > 60 {
		s = s[:60]
	}
	return s
}

// RunCorpus replays every case of the calling package's corpus (at least 20) through the
// adapter: complete serves the case's recorded reply and makes one call with req, and each
// case is checked against what its recording says. A recorded stream must call req.Began
// exactly once (its answer began), and the text it hands req.Delta must join into the
// answer's text; an answer sent whole calls neither.
func RunCorpus(t *testing.T, complete func(t *testing.T, c Case, req provider.Request) (provider.Response, error)) {
	t.Helper()
	cases := Corpus(t)
	if len(cases) < 20 {
		t.Fatalf("%d recorded answers, want at least 20", len(cases))
	}
	streams := 0
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			began, deltas := 0, 0
			var streamed strings.Builder
			resp, err := complete(t, c, provider.Request{User: "q", Began: func() { began++ },
				Delta: func(s string) { deltas++; streamed.WriteString(s) }})
			c.Check(t, resp, err)
			want := 0
			if c.Stream != "" {
				want = 1
			}
			if began != want {
				t.Errorf("Began called %d times, want %d", began, want)
			}
			switch {
			case c.Stream == "" && deltas > 0:
				t.Errorf("Delta called %d times for an answer sent whole", deltas)
			case c.Stream != "" && err == nil && streamed.String() != resp.Text:
				t.Errorf("the streamed deltas join into %q, the answer's text is %q", streamed.String(), resp.Text)
			}
		})
		if c.Stream != "" {
			streams++
		}
	}
	if streams == 0 {
		t.Error("the corpus holds no streamed answer: the adapters stream every call")
	}
}
