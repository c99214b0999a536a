package reason

import (
	"reflect"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine/provider"
)

// Minimal assertions, as in the rest of the module: testify's dependencies are not all in
// go.sum.

func noErr(t *testing.T, err error, msg ...any) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v %v", err, msg)
	}
}

func eq(t *testing.T, want, got any, msg ...any) {
	t.Helper()
	if !reflect.DeepEqual(want, got) {
		t.Errorf("want %#v\n got %#v %v", want, got, msg)
	}
}

func contains(t *testing.T, s, sub string, msg ...any) {
	t.Helper()
	if !strings.Contains(s, sub) {
		t.Errorf("%q does not contain %q %v", s, sub, msg)
	}
}

func lacks(t *testing.T, s, sub string, msg ...any) {
	t.Helper()
	if i := strings.Index(s, sub); i >= 0 {
		t.Errorf("text contains %q at byte %d (of %d) %v", sub, i, len(s), msg)
	}
}

func usage(out int64) provider.Usage { return provider.Usage{OutputTokens: out} }
