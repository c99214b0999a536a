package bot

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/war-room/war-room/bot/webhook"
)

// ackBurst is how many `/war-room` comments arrive at once in BenchmarkWebhookAckBurst.
const ackBurst = 100

// BenchmarkWebhookAckBurst is the intake figure of docs/performance.md: 100 signed
// `/war-room` comments posted at once to a real HTTP server on loopback, each acknowledged
// after its job is stored in a real SQLite queue file (full sync, no worker running). It
// reports the 99th-percentile and the median time to the ack (goal: p99 ≤ 50 ms).
func BenchmarkWebhookAckBurst(b *testing.B) {
	h, body, sig := benchWebhook(b)
	srv := httptest.NewServer(h)
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: ackBurst}}
	var p99, p50 []time.Duration
	for round := 0; b.Loop(); round++ {
		took := make([]time.Duration, ackBurst)
		errs := make([]error, ackBurst)
		start := make(chan struct{})
		var wg sync.WaitGroup
		for i := range ackBurst {
			wg.Add(1)
			go func() {
				defer wg.Done()
				req, _ := http.NewRequest(http.MethodPost, srv.URL+"/webhook", bytes.NewReader(body))
				req.Header.Set(webhook.EventHeader, "issue_comment")
				req.Header.Set(webhook.DeliveryHeader, fmt.Sprintf("burst-%d-%d", round, i))
				req.Header.Set(webhook.SignatureHeader, sig)
				<-start
				t0 := time.Now()
				resp, err := client.Do(req)
				took[i] = time.Since(t0)
				if err == nil {
					resp.Body.Close()
					if resp.StatusCode != http.StatusAccepted {
						err = fmt.Errorf("status %d", resp.StatusCode)
					}
				}
				errs[i] = err
			}()
		}
		close(start)
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				b.Fatal(err)
			}
		}
		slices.Sort(took)
		p99, p50 = append(p99, took[ackBurst*99/100-1]), append(p50, took[ackBurst/2])
	}
	b.ReportMetric(ackMillis(slices.Max(p99)), "p99-ms")
	b.ReportMetric(ackMillis(slices.Max(p50)), "p50-ms")
}

func ackMillis(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
