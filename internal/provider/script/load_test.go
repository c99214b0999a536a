package script

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/war-room/war-room/engine/provider"
)

func TestLoadReviewerScript(t *testing.T) {
	p, err := Load(filepath.Join("testdata", "reviewer.yaml"))
	noErr(t, err)
	ctx := context.Background()
	r, err := p.Complete(ctx, provider.Request{Role: "reviewer", User: "lane nonce=c0ffee"})
	noErr(t, err)
	eq(t, "JUDGMENT: CONFIRMED nonce=c0ffee", r.Text)
	eq(t, provider.Usage{InputTokens: 100, OutputTokens: 7, CacheReadTokens: 3, CacheWriteTokens: 2}, r.Usage)

	_, err = p.Complete(ctx, provider.Request{Role: "reviewer"})
	eq(t, provider.ClassRefused, provider.ClassOf(err))
	contains(t, err.Error(), "declined by script")

	r, err = p.Complete(ctx, provider.Request{Role: "judge"})
	noErr(t, err)
	eq(t, "fallback for judge", r.Text)
}

func TestLoadUnknownKeyNamesFileAndLine(t *testing.T) {
	path := filepath.Join("testdata", "unknown_key.yaml")
	_, err := Load(path)
	isErr(t, err)
	contains(t, err.Error(), path)
	contains(t, err.Error(), "line 4")
	contains(t, err.Error(), "colour")
}

func TestLoadRejectsDefectsUpFront(t *testing.T) {
	path := filepath.Join("testdata", "bad_class.yaml")
	_, err := Load(path)
	isErr(t, err)
	contains(t, err.Error(), path)
	contains(t, err.Error(), "overloaded")
}

func TestLoadMissingFile(t *testing.T) {
	_, err := Load(filepath.Join(t.TempDir(), "absent.yaml"))
	isErr(t, err)
}
