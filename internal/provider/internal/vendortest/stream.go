package vendortest

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine/provider"
)

// Streams are one adapter's streamed answers, for the checks every streaming adapter must
// pass: a recorded stream from its corpus and where it may be cut, and an error event in the
// vendor's documented shape.
type Streams struct {
	// Case names a corpus case (testdata/corpus/<Case>.json) holding a recorded stream.
	Case string
	// End is text in the event that ends the answer; the stream is cut before that event.
	End string
	// Error is a complete error event as the vendor sends it mid-answer, and Message the
	// vendor's words in it.
	Error, Message string
}

const eventStream = "text/event-stream"

// CheckStreams runs the checks: the first event calls Began while the rest of the answer is
// still to come; a stream cut before its end, or broken by an error event, is a transport
// failure (the engine may retry it), never a short answer.
func (v Vendor) CheckStreams(t *testing.T, s Streams) {
	var rec Case
	for _, c := range Corpus(t) {
		if c.Name == s.Case {
			rec = c
		}
	}
	require.NotEmpty(t, rec.Stream, "corpus case %s holds no stream", s.Case)
	end := strings.Index(rec.Stream, s.End)
	require.Positive(t, end, "%q is not in the recorded stream", s.End)
	cut := strings.LastIndex(rec.Stream[:end], "\n\n") + 2 // at the start of that event
	first := strings.Index(rec.Stream, "\n\n") + 2

	t.Run("began at the first event", func(t *testing.T) {
		release := make(chan struct{})
		srv := NewServer(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", eventStream)
			_, _ = w.Write([]byte(rec.Stream[:first]))
			w.(http.Flusher).Flush()
			select {
			case <-release:
				_, _ = w.Write([]byte(rec.Stream[first:]))
			case <-r.Context().Done():
			}
		})
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // a hang fails, not a slow machine
		defer cancel()
		began := 0
		resp, err := v.Client(srv, Knobs{Model: "m"}).Complete(ctx, provider.Request{User: "q", Began: func() {
			began++
			close(release) // the rest is sent only once the adapter has said the answer began
		}})
		require.NoError(t, err)
		assert.Equal(t, 1, began)
		assert.Equal(t, rec.Want.Text, resp.Text)
	})
	for _, tc := range []struct{ name, body, want string }{
		{"cut before its end", rec.Stream[:cut], "ended before"},
		{"broken by an error event", rec.Stream[:first] + s.Error, s.Message},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, pe, err := v.fail(t, Knobs{}, Raw(http.StatusOK, eventStream, tc.body))
			assert.Equal(t, provider.ClassTransport, pe.Class, "%v", err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}
