package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func testEnv(vars map[string]string) (*env, *bytes.Buffer, *bytes.Buffer) {
	var out, errb bytes.Buffer
	return &env{stdout: &out, stderr: &errb, stdin: strings.NewReader(""),
		getenv: func(k string) string { return vars[k] }}, &out, &errb
}

func TestHelpListsEveryCommand(t *testing.T) {
	e, out, _ := testEnv(nil)
	assert.Equal(t, exitOK, run(context.Background(), e, []string{"--help"}))
	for _, o := range order {
		assert.Contains(t, out.String(), o.name)
	}
}

func TestUnknownAndUnbuiltCommandsExitTwo(t *testing.T) {
	e, _, errb := testEnv(nil)
	assert.Equal(t, exitUsage, run(context.Background(), e, []string{"frobnicate"}))
	assert.Contains(t, errb.String(), `unknown command "frobnicate"`)

	for _, o := range order {
		if _, built := commandFor(o.name); built {
			continue
		}
		e, out, errb := testEnv(nil)
		assert.Equal(t, exitUsage, run(context.Background(), e, []string{o.name}), o.name)
		assert.Contains(t, errb.String(), "not implemented yet", o.name)
		assert.Empty(t, out.String(), "an unbuilt command prints nothing on stdout")
	}
}

func TestNoArgumentsIsUsage(t *testing.T) {
	e, out, _ := testEnv(nil)
	assert.Equal(t, exitUsage, run(context.Background(), e, nil))
	assert.Contains(t, out.String(), "Usage: war-room")
}

func TestVersion(t *testing.T) {
	e, out, _ := testEnv(nil)
	assert.Equal(t, exitOK, run(context.Background(), e, []string{"version"}))
	assert.True(t, strings.HasPrefix(out.String(), "war-room "))
}

func TestResumeNeedsOneSession(t *testing.T) {
	e, _, errb := testEnv(nil)
	assert.Equal(t, exitUsage, run(context.Background(), e, []string{"resume"}))
	assert.Contains(t, errb.String(), "exactly one session id")
}
