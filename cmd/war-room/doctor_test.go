package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/store"
)

// effortRefusingAPI is a loopback Messages API whose model takes no effort parameter: a body
// with output_config gets the API's 400, anything else an answer.
func effortRefusingAPI(t *testing.T) (*httptest.Server, *atomic.Int32) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		var body map[string]any
		_ = json.NewDecoder(r.Body).Decode(&body)
		w.Header().Set("Content-Type", "application/json")
		if _, ok := body["output_config"]; ok {
			w.WriteHeader(http.StatusBadRequest)
			_, _ = w.Write([]byte(`{"type":"error","error":{"type":"invalid_request_error","message":"output_config.effort: This model does not support the effort parameter."},"request_id":"req_011CTm2oRk8vYbN3qP5sXeWd"}`))
			return
		}
		read := 0
		if hits.Load() > 1 {
			read = 6000
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"id": "msg_1", "type": "message", "role": "assistant",
			"model": "claude-opus-4-5-20251101", "content": []any{map[string]any{"type": "text", "text": "ready"}},
			"stop_reason": "end_turn", "stop_sequence": nil,
			"usage": map[string]any{"input_tokens": 12, "output_tokens": 2, "cache_creation_input_tokens": 6000 - read, "cache_read_input_tokens": read}})
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

func runDoctorWith(t *testing.T, yaml string, args ...string) cliResult {
	t.Helper()
	path := filepath.Join(t.TempDir(), "war-room.yml")
	if err := os.WriteFile(path, []byte(yaml), 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	vars := map[string]string{"CLAUDE_KEY": "sk-ant-test", "WAR_ROOM_DB": doctorDB(t)}
	e := &env{stdout: &out, stderr: &errb, stdin: strings.NewReader(""), getenv: func(k string) string { return vars[k] }}
	code := run(context.Background(), e, append([]string{"doctor", "--config", path}, args...))
	return cliResult{out.String(), errb.String(), code}
}

// TestDoctorNamesTheEffortFixAndPassesOnceItIsApplied: Opus 4.5 would be sent effort; against
// a vendor that refuses it, doctor marks effort ✗ naming effort_levels and exits non-zero;
// with effort_levels: [] every check passes and it exits 0.
func TestDoctorNamesTheEffortFixAndPassesOnceItIsApplied(t *testing.T) {
	srv, _ := effortRefusingAPI(t)
	profile := "version: 1\nproviders:\n  claude:\n    type: anthropic\n    model: claude-opus-4-5\n    family: anthropic\n" +
		"    api_key_env: CLAUDE_KEY\n    base_url: " + srv.URL + "\n"
	res := runDoctorWith(t, profile)
	wantCode(t, exitFailure, res)
	wantIn(t, res.stdout, "| claude | claude-opus-4-5 | anthropic | ✓ | ✗ \"high\" rejected |")
	wantIn(t, res.stdout, "set providers.claude.effort_levels to the levels the model accepts, or [] to send none")
	wantIn(t, res.stderr, "cannot serve as configured")

	res = runDoctorWith(t, profile+"    effort_levels: []\n")
	wantCode(t, exitOK, res)
	wantIn(t, res.stdout, "| claude | claude-opus-4-5 | anthropic | ✓ | ✓ none sent | – off | ✓ read 6000 tokens | ✓ 200000 tokens |")
	if strings.Contains(res.stdout, "✗") {
		t.Errorf("a check still fails after the fix:\n%s", res.stdout)
	}
}

func TestDoctorDryRunCallsNothing(t *testing.T) {
	srv, hits := effortRefusingAPI(t)
	res := runDoctorWith(t, "version: 1\nproviders:\n  claude: {type: anthropic, model: claude-opus-4-6, family: anthropic, api_key_env: CLAUDE_KEY, base_url: "+srv.URL+"}\n",
		"--dry-run")
	wantCode(t, exitOK, res)
	wantIn(t, res.stdout, "claude (anthropic, model claude-opus-4-6, family anthropic):")
	wantIn(t, res.stdout, "with effort max, adaptive thinking, a 23 KB cacheable prefix (max_tokens 4096)")
	if hits.Load() != 0 {
		t.Errorf("--dry-run made %d request(s)", hits.Load())
	}
}

// An Opus the catalog does not know is sent its line's newest known settings — effort at
// the top of its ladder and adaptive thinking, as the request the vendor received shows —
// and doctor says they were inferred, from which model.
func TestDoctorSaysAnUnknownModelsSettingsWereInferred(t *testing.T) {
	var sent []map[string]any
	var mu sync.Mutex
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body map[string]any
		_ = json.NewDecoder(r.Body).Decode(&body)
		mu.Lock()
		sent = append(sent, body)
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"id": "msg_1", "type": "message", "role": "assistant",
			"model": "claude-opus-9", "content": []any{map[string]any{"type": "text", "text": "ready"}},
			"stop_reason": "end_turn", "stop_sequence": nil, "usage": map[string]any{"input_tokens": 12, "output_tokens": 2}})
	}))
	t.Cleanup(srv.Close)
	res := runDoctorWith(t, "version: 1\nproviders:\n  claude: {type: anthropic, model: claude-opus-9, family: anthropic, api_key_env: CLAUDE_KEY, base_url: "+srv.URL+"}\n")
	wantIn(t, res.stdout, "Settings inferred:")
	wantIn(t, res.stderr, "doctor: probing claude (1 of 1): claude-opus-9 at 127.0.0.1:")
	wantIn(t, res.stdout, "claude-opus-9 is not in war-room's model catalog")
	wantIn(t, res.stdout, "it is sent what claude-opus-4-8 takes")
	mu.Lock()
	defer mu.Unlock()
	if len(sent) == 0 {
		t.Fatalf("no request reached the vendor:\n%s%s", res.stdout, res.stderr)
	}
	first := sent[0]
	thinking, _ := first["thinking"].(map[string]any)
	output, _ := first["output_config"].(map[string]any)
	if thinking["type"] != "adaptive" || output["effort"] != "max" {
		t.Errorf("the first request sent thinking %v and output_config %v, want adaptive and effort max", first["thinking"], first["output_config"])
	}
}

// doctorDB is the test's own state file, where doctor keeps what it learns.
func doctorDB(t *testing.T) string {
	t.Helper()
	if p, ok := doctorDBs.Load(t.Name()); ok {
		return p.(string)
	}
	p := filepath.Join(t.TempDir(), "state.db")
	doctorDBs.Store(t.Name(), p)
	return p
}

var doctorDBs sync.Map

// What doctor learns is kept for the sessions to come: a refused effort is recorded in the
// store sessions read, and the fix says so.
func TestDoctorRecordsARefusedEffort(t *testing.T) {
	srv, _ := effortRefusingAPI(t)
	res := runDoctorWith(t, "version: 1\nproviders:\n  claude: {type: anthropic, model: claude-opus-4-5, family: anthropic, api_key_env: CLAUDE_KEY, base_url: "+srv.URL+"}\n")
	wantIn(t, res.stdout, "recorded meanwhile: sessions on this store send this model no effort")
	st, err := store.Open(context.Background(), doctorDB(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	p := &engine.Profile{Type: "anthropic", Endpoint: strings.TrimPrefix(srv.URL, "http://"), Model: "claude-opus-4-5"}
	if ok, err := engine.Refused(context.Background(), st, p, "effort", time.Now()); err != nil || !ok {
		t.Errorf("no refusal of effort recorded for the profile's model (%v)\n%s", err, res.stdout)
	}
	if ok, _ := engine.Refused(context.Background(), st, p, "thinking", time.Now()); ok {
		t.Error("thinking was recorded as refused, though the vendor refused only the effort")
	}
}
