package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Every built command's --help exits 0 and shows its usage, its flags (when it has any),
// examples and the exit-code table; war-room --version prints the version; help exit-codes
// prints the table alone.
func TestEveryCommandExplainsItself(t *testing.T) {
	for _, c := range completionCommands(context.Background()) {
		if c.name == "help" {
			continue
		}
		e, out, errb := testEnv(nil)
		code := run(context.Background(), e, []string{c.name, "--help"})
		help := out.String() + errb.String()
		if code != exitOK {
			t.Errorf("%s --help: exit %d\n%s", c.name, code, help)
			continue
		}
		for _, want := range []string{"Usage: war-room " + c.name, "Exit codes:", "  3  paused at a gate"} {
			if !strings.Contains(help, want) {
				t.Errorf("%s --help lacks %q:\n%s", c.name, want, help)
			}
		}
		if len(c.flags) > 0 && !strings.Contains(help, "\nFlags:\n  -"+c.flags[0].Name) {
			t.Errorf("%s --help does not list its flags:\n%s", c.name, help)
		}
		if len(c.flags) == 0 && strings.Contains(help, "Flags:") {
			t.Errorf("%s --help prints an empty Flags section:\n%s", c.name, help)
		}
		if ex := examplesOf(c.name); len(ex) > 0 && !strings.Contains(help, "Examples:\n  "+ex[0]) {
			t.Errorf("%s --help lacks its examples:\n%s", c.name, help)
		}
	}
	e, out, _ := testEnv(nil)
	if code := run(context.Background(), e, []string{"--version"}); code != exitOK || !strings.HasPrefix(out.String(), "war-room ") {
		t.Errorf("--version: exit %d %q", code, out.String())
	}
	e, out, _ = testEnv(nil)
	if code := run(context.Background(), e, []string{"help", "exit-codes"}); code != exitOK || strings.Count(out.String(), "\n") != len(exitCodes)+1 {
		t.Errorf("help exit-codes: exit %d\n%s", code, out.String())
	}
}

// The bash completion a real bash sources completes the command names, then each command's
// own flags; zsh and fish get every command and its flags as well.
func TestShellCompletion(t *testing.T) {
	e, out, _ := testEnv(nil)
	if code := run(context.Background(), e, []string{"completion", "bash"}); code != exitOK {
		t.Fatalf("completion bash: exit %d", code)
	}
	script := filepath.Join(t.TempDir(), "war-room.bash")
	if err := os.WriteFile(script, out.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	complete := func(words ...string) string {
		t.Helper()
		line := `source "$1"; COMP_WORDS=(` + strings.Join(words, " ") + `); COMP_CWORD=$((${#COMP_WORDS[@]}-1)); _war_room; echo "${COMPREPLY[*]}"`
		got, err := exec.Command("bash", "-c", line, "bash", script).CombinedOutput()
		if err != nil {
			t.Fatalf("bash: %v\n%s", err, got)
		}
		return strings.TrimSpace(string(got))
	}
	if got := complete("war-room", "de"); got != "deliberate decisions" {
		t.Errorf("war-room de<TAB> gives %q", got)
	}
	if got := complete("war-room", "reason", "--de"); got != "--demo" {
		t.Errorf("war-room reason --de<TAB> gives %q", got)
	}
	if got := complete("war-room", "decisions", "s"); got != "show search" {
		t.Errorf("war-room decisions s<TAB> gives %q", got)
	}
	if got := complete("war-room", "completion", "f"); got != "fish" {
		t.Errorf("war-room completion f<TAB> gives %q", got)
	}
	for shell, want := range map[string][]string{
		"zsh":  {"#compdef war-room", "'deliberate:run the war-room protocol", "reason) compadd -- ", "--demo"},
		"fish": {"complete -c war-room -n __fish_use_subcommand -a deliberate", "__fish_seen_subcommand_from reason' -l demo"},
	} {
		e, out, _ := testEnv(nil)
		if code := run(context.Background(), e, []string{"completion", shell}); code != exitOK {
			t.Fatalf("completion %s: exit %d", shell, code)
		}
		for _, w := range want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("completion %s lacks %q", shell, w)
			}
		}
	}
	e, _, _ = testEnv(nil)
	if code := run(context.Background(), e, []string{"completion", "tcsh"}); code != exitUsage {
		t.Errorf("completion tcsh: exit %d, want 2", code)
	}
}

// The README's exit-code table is the one war-room prints.
func TestReadmeListsTheExitCodes(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range exitCodes {
		row := "| " + strconv.Itoa(c.code) + " | " + strings.ReplaceAll(c.meaning, "war-room resume", "`war-room resume`") + " |"
		if !strings.Contains(string(raw), row) {
			t.Errorf("README.md lacks the row %q", row)
		}
	}
}
