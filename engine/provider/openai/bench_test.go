package openai

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/war-room/war-room/engine/provider"
)

func BenchmarkComplete(b *testing.B) {
	body, err := os.ReadFile("testdata/chat_completion_ok.json")
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(body)
	}))
	defer srv.Close()
	c := New(Config{BaseURL: srv.URL + "/v1", Model: "m", APIKey: "k"})
	req := provider.Request{System: strings.Repeat("s", 2000), User: strings.Repeat("u", 4000)}
	b.Run("serial", func(b *testing.B) {
		b.ReportAllocs()
		defer cpu(b)()
		for b.Loop() {
			if _, err := c.Complete(context.Background(), req); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("parallel8", func(b *testing.B) {
		b.ReportAllocs()
		defer cpu(b)()
		b.SetParallelism(4)
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				if _, err := c.Complete(context.Background(), req); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
}

func cpu(b *testing.B) func() {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	start := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	return func() {
		_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
		b.ReportMetric(float64(time.Duration(ru.Utime.Nano()+ru.Stime.Nano())-start)/float64(b.N), "cpu-ns/op")
	}
}
