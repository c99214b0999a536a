package main

import (
	"context"
	"errors"
	"os"

	"github.com/war-room/war-room/protocols"
)

func init() {
	register(command{name: "council", run: runCouncil})
}

func runCouncil(_ context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "council", "roster [PROFILE|MEMBER] | lint")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	lint := len(pos) == 1 && pos[0] == "lint"
	if !lint && (len(pos) == 0 || pos[0] != "roster" || len(pos) > 2) {
		return usageErr("usage: war-room council roster [PROFILE|MEMBER] | war-room council lint")
	}
	name := ""
	if len(pos) == 2 {
		name = pos[1]
	}
	err = protocols.CouncilRoster(e.stdout, os.DirFS(projectDir(e)), lint, name)
	var refused *protocols.Refused
	switch {
	case errors.As(err, &refused):
		return exitErr(exitUsage, err)
	case err != nil && lint:
		return exitErr(exitFailure, err) // any finding fails, so that CI can hold a repository to the lint
	}
	return err
}
