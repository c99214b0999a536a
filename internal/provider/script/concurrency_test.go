package script

import (
	"context"
	"fmt"
	"runtime"
	"sort"
	"sync"
	"testing"

	"github.com/war-room/war-room/engine/provider"
)

func runtimeGosched() { runtime.Gosched() }

// Concurrent calls on one role must each get a distinct index: every index 0..n-1 exactly once.
func TestConcurrentCallsGetDistinctIndexes(t *testing.T) {
	const n = 64
	p := New(Script{Default: &Response{Text: "{{.Index}}"}})
	var wg sync.WaitGroup
	texts := make([]string, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := p.Complete(context.Background(), provider.Request{Role: "expert", User: fmt.Sprint(i)})
			if err != nil {
				t.Error(err)
			}
			texts[i] = r.Text
		}()
	}
	wg.Wait()
	sort.Slice(texts, func(a, b int) bool { return atoi(texts[a]) < atoi(texts[b]) })
	for i, s := range texts {
		eq(t, fmt.Sprint(i), s)
	}
	eq(t, n, p.Calls())
	eq(t, n, len(p.Requests()))
}

func atoi(s string) int {
	var n int
	_, _ = fmt.Sscan(s, &n)
	return n
}

func BenchmarkComplete(b *testing.B) {
	p := New(Script{Responses: []Response{
		{Role: "expert", Match: "never-present", Text: "unused"},
		{Role: "reviewer", Text: `JUDGMENT: CONFIRMED nonce={{match "nonce=([0-9a-f]+)" .User}}`},
	}})
	req := provider.Request{Role: "reviewer", System: "review the diff", User: "evidence ... nonce=0123abcd"}
	ctx := context.Background()
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := p.Complete(ctx, req); err != nil {
				b.Fatal(err)
			}
		}
	})
}
