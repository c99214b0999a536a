package bot

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

var testGrammar = Grammar{
	Default: "war-room",
	Words:   map[string]string{"reason": "reason", "convene": "council", "deliberate": "war-room"},
	Stops:   []string{"decline", "drop"},
	Flags: func(p string) []Flag {
		return map[string][]Flag{
			"reason":   {{Name: "fast", Bool: true}, {Name: "passes"}},
			"war-room": {{Name: "preset"}},
		}[p]
	},
}

func TestParseCommands(t *testing.T) {
	run := func(protocol, q string, flags map[string]string, context ...string) command {
		if flags == nil {
			flags = map[string]string{}
		}
		return command{Kind: kindRun, Protocol: protocol, Question: q, Flags: flags, Context: strings.Join(context, "")}
	}
	cases := []struct {
		name, body string
		want       command
	}{
		{"bare question", "/war-room Should we adopt PostgreSQL?", run("war-room", "Should we adopt PostgreSQL?", nil)},
		{"leading spaces and blank lines", "\n\n   /war-room Why?", run("war-room", "Why?", nil)},
		{"CRLF and context lines", "/war-room Which queue?\r\nWe run 3 services.\r\n", run("war-room", "Which queue?", nil, "We run 3 services.")},
		{"question on the next lines", "/war-room reason\nIs the cache worth it?", run("reason", "Is the cache worth it?", nil)},
		{"protocol word", "/war-room reason Is X true?", run("reason", "Is X true?", nil)},
		{"protocol word any case", "/war-room REASON Is X true?", run("reason", "Is X true?", nil)},
		{"convene", "/war-room convene Hire or build?", run("council", "Hire or build?", nil)},
		{"flags", "/war-room reason --fast --passes=2 Is X true?", run("reason", "Is X true?", map[string]string{"fast": "true", "passes": "2"})},
		{"boolean flag spelled out", "/war-room reason --fast=false Is X true?", run("reason", "Is X true?", map[string]string{"fast": "false"})},
		{"context keeps its lines", "/war-room Go?\n\n```\ncode\n```\n> quoted", run("war-room", "Go?", nil, "```\ncode\n```\n> quoted")},
		{"flags with tab", "/war-room reason --fast\tIs X true?", run("reason", "Is X true?", map[string]string{"fast": "true"})},
		{"bare form flags", "/war-room --preset=startup Go?", run("war-room", "Go?", map[string]string{"preset": "startup"})},
		{"a flag's value after a space", "/war-room reason --passes 2 --fast Is X true?", run("reason", "Is X true?", map[string]string{"passes": "2", "fast": "true"})},
		{"seed", "/war-room reason --seed 7 Is X true?", func() command {
			c, seed := run("reason", "Is X true?", nil), int64(7)
			c.Seed = &seed
			return c
		}()},
		{"double dash ends flags", "/war-room reason -- --fast is a flag?", run("reason", "--fast is a flag?", nil)},
		{"later dashes are text", "/war-room reason Is --fast better?", run("reason", "Is --fast better?", nil)},
		{"help", "/war-room help", command{Kind: kindHelp}},
		{"empty is help", "/war-room", command{Kind: kindHelp}},
		{"doctor", "/war-room Doctor", command{Kind: kindDoctor}},
		{"a question may start with doctor", "/war-room doctor visits: should we book online?", run("war-room", "doctor visits: should we book online?", nil)},
		{"review", "/war-room review", command{Kind: kindReview}},
		{"a question may start with review", "/war-room review cadence: weekly or monthly?", run("war-room", "review cadence: weekly or monthly?", nil)},
		{"approve", "/war-room approve", command{Kind: kindApprove}},
		{"proceed", "/war-room proceed", command{Kind: kindProceed}},
		{"proceed #N", "/war-room proceed #12", command{Kind: kindProceed, Number: 12}},
		{"reaffirm #N", "/war-room reaffirm #7", command{Kind: kindReaffirm, Number: 7}},
		{"skip", "/war-room skip", command{Kind: kindSkip}},
		{"cancel", "/war-room Cancel", command{Kind: kindCancel}},
		{"a gate's decline is cancel", "/war-room decline", command{Kind: kindCancel}},
		{"a gate's drop is cancel", "/war-room Drop", command{Kind: kindCancel}},
		{"reply then context", "/war-room proceed\nthe old decision is stale", command{Kind: kindProceed}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, ok, err := parse(tc.body, testGrammar)
			if !ok || err != nil {
				t.Fatalf("Parse(%q) = ok %v, err %v", tc.body, ok, err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Parse(%q)\n got %+v\nwant %+v", tc.body, got, tc.want)
			}
		})
	}
}

func TestParseNotCommands(t *testing.T) {
	for _, body := range []string{
		"",
		"Nice idea. /war-room Should we?",
		"Thanks!\n/war-room Should we?",
		"```\n/war-room Should we?\n```",
		"~~~\n/war-room Should we?\n~~~",
		"> /war-room Should we?",
		">/war-room Should we?",
		"<!-- /war-room Should we? -->",
		"<!--\n/war-room Should we?\n-->",
		"    /war-room indented code",
		"\t/war-room indented code",
		"`/war-room inline code`",
		"/war-roomx Should we?",
		"/war-room-bot Should we?",
		"/WAR-ROOM Should we?",
	} {
		if c, ok, err := parse(body, testGrammar); ok || err != nil {
			t.Errorf("Parse(%q) = %+v, ok %v, err %v; want not a command", body, c, ok, err)
		}
	}
}

func TestParseUsageErrors(t *testing.T) {
	cases := []struct{ body, wantText string }{
		{"/war-room reason --verbose Is X?", "unknown flag --verbose for reason"},
		{"/war-room --fast Is X?", "unknown flag --fast for war-room"},
		{"/war-room convene --fast Hire?", "allowed: --seed …"},
		{"/war-room reason", "a question is needed: /war-room reason <question>"},
		{"/war-room reason --fast", "a question is needed"},
		{"/war-room reaffirm", "reaffirm needs the decision's number"},
		{"/war-room reaffirm 7", `"7" is not a decision number`},
		{"/war-room proceed #x", "is not a decision number"},
		{"/war-room proceed #0", "is not a decision number"},
		{"/war-room approve this plan", "takes no arguments"},
		{"/war-room proceed #1 #2", "takes only a decision number"},
		{"/war-room " + strings.Repeat("x", maxQuestionBytes+1), "the limit is"},
		{"/war-room Go?\n" + strings.Repeat("x", maxQuestionBytes), "the limit is"},
		{"/war-room reason --passes", "--passes needs a value"},
		{"/war-room reason --passes --fast Is X?", "--passes needs a value"},
		{"/war-room reason --seed many Is X?", "--seed wants a number"},
		{"/war-room reason --passes= Is X?", "--passes needs a value"},
		{"/war-room reason --fast=yes Is X?", "--fast is on or off"},
	}
	for _, tc := range cases {
		_, ok, err := parse(tc.body, testGrammar)
		var ue *UsageError
		if !ok || !errors.As(err, &ue) {
			t.Errorf("Parse(%.40q) = ok %v, err %v; want a usage error", tc.body, ok, err)
			continue
		}
		if !strings.Contains(ue.Reason, tc.wantText) {
			t.Errorf("Parse(%.40q) reason %q; want it to contain %q", tc.body, ue.Reason, tc.wantText)
		}
	}
}

func TestParseWithoutDefaultProtocol(t *testing.T) {
	g := testGrammar
	g.Default = ""
	if _, _, err := parse("/war-room Should we?", g); err == nil {
		t.Fatal("a bare question with no default protocol parsed")
	}
}

func TestCommandAnswer(t *testing.T) {
	for _, tc := range []struct {
		c    command
		want string
	}{
		{command{Kind: kindProceed}, "proceed"},
		{command{Kind: kindProceed, Number: 3}, "proceed #3"},
		{command{Kind: kindReaffirm, Number: 7}, "reaffirm #7"},
		{command{Kind: kindApprove}, "approve"},
		{command{Kind: kindSkip}, "skip"},
		{command{Kind: kindCancel}, ""},
		{command{Kind: kindHelp}, ""},
	} {
		if got := tc.c.Answer(); got != tc.want {
			t.Errorf("%+v.Answer() = %q, want %q", tc.c, got, tc.want)
		}
	}
}

func TestUsageListsWordsAndFlags(t *testing.T) {
	g := testGrammar
	g.Words = map[string]string{"reason": "reason", "someday": "not-built"}
	u := g.Usage()
	for _, want := range []string{"/war-room reason [flags] <question>", "--fast, --passes …", "`--seed N`", "`Position:`", "reaffirm #N",
		"`/war-room someday <question>` — not-built: not available yet", "`/war-room help`"} {
		if !strings.Contains(u, want) {
			t.Errorf("usage lacks %q:\n%s", want, u)
		}
	}
}
