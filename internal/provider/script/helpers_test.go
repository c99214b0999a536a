package script

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// Minimal assertions: the module's testify needs a go.sum entry this package does not own.

func noErr(t *testing.T, err error, msg ...any) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error %v %v", err, msg)
	}
}

func isErr(t *testing.T, err error, msg ...any) {
	t.Helper()
	if err == nil {
		t.Fatalf("expected an error %v", msg)
	}
}

func eq(t *testing.T, want, got any, msg ...any) {
	t.Helper()
	if !reflect.DeepEqual(want, got) {
		t.Errorf("want %#v, got %#v %v", want, got, msg)
	}
}

func contains(t *testing.T, s, sub string) {
	t.Helper()
	if !strings.Contains(s, sub) {
		t.Errorf("%q does not contain %q", s, sub)
	}
}

func errIs(t *testing.T, err, target error) {
	t.Helper()
	if !errors.Is(err, target) {
		t.Errorf("error %v is not %v", err, target)
	}
}
