package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// actionBinary is the war-room binary the end-to-end Action tests run as a subprocess, built
// once per test run.
var actionBinary string

func TestMain(m *testing.M) {
	if os.Getenv(envDeliberateHelper) != "" || os.Getenv(envConveneHelper) != "" {
		os.Exit(m.Run()) // a helper process re-executing this binary needs no built CLI
	}
	dir, err := os.MkdirTemp("", "war-room-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	actionBinary = filepath.Join(dir, "war-room")
	build := exec.Command("go", "build", "-o", actionBinary, ".")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "build war-room for the Action tests:", err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
