package main

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/war-room/war-room/bot"
)

// docs/app.md documents war-room serve: its flag table names exactly the flags serve takes,
// and its permissions block is the Action's.
func TestAppDocsMatchServe(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "docs", "app.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(raw)
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	(&serveFlags{}).register(fs)
	var flags []string
	fs.VisitAll(func(f *flag.Flag) { flags = append(flags, "--"+f.Name) })
	var table []string
	for _, m := range regexp.MustCompile("(?m)^\\| `(--[a-z-]+)` \\|").FindAllStringSubmatch(doc, -1) {
		table = append(table, m[1])
	}
	slices.Sort(flags)
	slices.Sort(table)
	if !slices.Equal(flags, table) {
		t.Errorf("flag table %v, serve's flags %v", table, flags)
	}

	action, err := os.ReadFile(filepath.Join("..", "..", "docs", "action.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, perm := range []string{"contents: read", "issues: write", "pull-requests: write", "discussions: write", "checks: write"} {
		if !strings.Contains(string(action), perm) || !strings.Contains(doc, "  "+perm+"\n") {
			t.Errorf("permission %q is not in both guides", perm)
		}
	}
	for _, ev := range bot.HandledEvents(bot.AppHandlers(&bot.Deps{})) {
		name := map[string]string{"issue_comment": "**Issue comment**", "discussion_comment": "**Discussion comment**",
			"pull_request": "**Pull request**"}[ev]
		if name == "" || !strings.Contains(doc, name) {
			t.Errorf("the App handles %s, and the guide does not ask to subscribe to it", ev)
		}
	}
	for _, v := range []string{"ANTHROPIC_API_KEY", "OPENAI_API_KEY", "GEMINI_API_KEY", "WAR_ROOM_OPENAI_API_KEY"} {
		if !strings.Contains(doc, "`"+v+"`") {
			t.Errorf("%s is readable by api_key_env and not listed", v)
		}
	}
}
