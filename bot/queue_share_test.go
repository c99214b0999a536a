package bot

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/store/sqlite"
)

// One repository holds at most its share of the App's workers: with a share of one, a
// second job of the same repository cannot take a slot while the first holds it — it is
// snoozed and leaves its worker to others — while a job of another repository can; once the
// first ends, the slot is free again. The slots are leases in the shared store, so every
// replica counts them.
func TestARepositoryHoldsAtMostItsShareOfWorkers(t *testing.T) {
	dir := t.TempDir()
	open := func(ctx context.Context) (engine.Store, error) {
		return sqlite.Open(ctx, filepath.Join(dir, "state.db"))
	}
	w := &DeliveryWorker{RepoShare: 1}
	job := func(holder string) *Deps {
		return &Deps{Holder: holder, LeaseTTL: time.Minute, OpenStore: open, Now: time.Now}
	}
	ctx := context.Background()
	release, ok, err := w.takeShare(ctx, job("replica-a/job-1"), "mallory/hang")
	if err != nil || !ok {
		t.Fatalf("the first job of a repository: ok=%v err=%v", ok, err)
	}
	if _, ok, err := w.takeShare(ctx, job("replica-b/job-2"), "mallory/hang"); err != nil || ok {
		t.Errorf("a second job of the same repository took a slot: ok=%v err=%v", ok, err)
	}
	other, ok, err := w.takeShare(ctx, job("replica-b/job-3"), "acme/widgets")
	if err != nil || !ok {
		t.Fatalf("another repository's job found no slot: ok=%v err=%v", ok, err)
	}
	other()
	release()
	again, ok, err := w.takeShare(ctx, job("replica-b/job-4"), "mallory/hang")
	if err != nil || !ok {
		t.Errorf("the slot was not free after the first job ended: ok=%v err=%v", ok, err)
	} else {
		again()
	}
}
