package githubfake_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/war-room/war-room/internal/githubfake"
)

func TestClock(t *testing.T) {
	start := time.Date(2026, 3, 5, 9, 0, 0, 0, time.UTC)
	c := githubfake.NewClock(start)
	var fired []string
	c.AfterFunc(3*time.Second, func() { fired = append(fired, "3s") })
	c.AfterFunc(time.Second, func() { fired = append(fired, "1s") })
	stop := c.AfterFunc(2*time.Second, func() { fired = append(fired, "stopped") })
	if !stop() || stop() {
		t.Error("stop reports whether the timer was still pending")
	}
	c.Advance(500 * time.Millisecond)
	if len(fired) != 0 {
		t.Fatalf("fired early: %v", fired)
	}
	if err := c.Sleep(context.Background(), 4*time.Second); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(fired, []string{"1s", "3s"}) || !c.Now().Equal(start.Add(4500*time.Millisecond)) {
		t.Errorf("fired %v at %v", fired, c.Now())
	}
	if got := c.Slept(); !slices.Equal(got, []time.Duration{4 * time.Second}) {
		t.Errorf("slept %v", got)
	}
}
