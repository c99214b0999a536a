// Package settings is how a protocol's section of the configuration checks itself: the
// problems it finds, each with the path of the setting and the choices it allows, the roles it
// lets a configuration pin to profiles, and the stage budgets it declares.
package settings

import (
	"fmt"
	"maps"
	"slices"

	"github.com/war-room/war-room/engine/provider"
)

// Error is one problem a protocol found in its own configuration section. The loader
// that read the file turns it into an error naming the file, line, column and key path.
type Error struct {
	// Path is the key path inside the section, e.g. "roles.scout.profile" ("" for the
	// section itself).
	Path string
	Msg  string
	// Got and Choices, when set, let the loader say which choice Got was probably meant to be;
	// ChoicesName ("roles", "profiles") introduces the list of choices in the message.
	Got         string
	Choices     []string
	ChoicesName string
}

// Check collects the problems of one protocol section. The configuration loader makes
// one and hands it to the section's Validate method; protocols never build one themselves
// except in tests.
type Check struct {
	// Profiles are the configured provider profiles, sorted; nil while they are not known yet
	// (they may still come from the environment), and then references to them are not checked.
	Profiles []string
	// Set reports whether the file set a key path (relative to the section); nil means nothing
	// was set.
	Set func(path string) bool
	// RefsOnly keeps only the profile references: the loader's second pass, once profiles
	// detected from the environment are known, must not repeat the first pass's findings.
	RefsOnly bool

	problems []Error
}

// Errorf records a problem at path.
func (c *Check) Errorf(path, format string, args ...any) {
	if !c.RefsOnly {
		c.problems = append(c.problems, Error{Path: path, Msg: fmt.Sprintf(format, args...)})
	}
}

// Choice checks that got is one of choices; what names the kind of thing ("war-room role")
// and plural the list of them ("roles").
func (c *Check) Choice(path, got string, choices []string, what, plural string) bool {
	if slices.Contains(choices, got) {
		return true
	}
	if !c.RefsOnly {
		c.problems = append(c.problems, Error{Path: path, Msg: "unknown " + what, Got: got,
			Choices: choices, ChoicesName: plural})
	}
	return false
}

// Profile checks that name is a configured profile (once the profiles are known).
func (c *Check) Profile(path, name string) {
	if c.Profiles != nil && !slices.Contains(c.Profiles, name) {
		c.problems = append(c.problems, Error{Path: path, Msg: fmt.Sprintf("unknown profile %q", name),
			Got: name, Choices: c.Profiles, ChoicesName: "profiles"})
	}
}

// IsSet reports whether the file set path.
func (c *Check) IsSet(path string) bool { return c.Set != nil && c.Set(path) }

// Problems returns what was recorded, in order.
func (c *Check) Problems() []Error { return c.problems }

// SectionValidator is a protocol section that checks itself after decoding.
type SectionValidator interface {
	Validate(c *Check)
}

// StageBudget caps a session's tokens once its protocol enters a named stage (war-room's
// routed mode): from Run.EnterStage on, the session's tokens so far and to come count against
// it, within the session's own budget.
type StageBudget struct {
	MaxTokens int64
	// By names the setting the cap came from, for a refusal to quote.
	By string
}

// StageBudgeter is a protocol section that sets stage caps. They are read from the
// configuration each time a session runs, as the session's budget is, so that a session
// stopped by one continues on resume once the cap is raised.
type StageBudgeter interface {
	StageBudgets() map[string]StageBudget
}

// RolePin pins one protocol role to a profile, an effort, or both (protocols.<name>.roles.<role>
// in the configuration file).
type RolePin struct {
	Profile string          `yaml:"profile" json:"profile,omitempty"`
	Effort  provider.Effort `yaml:"effort" json:"effort,omitempty"`
}

// CheckRoles checks a section's roles mapping: every key one of the protocol's roles (what
// names them, e.g. "war-room role"), every entry pinning something, every profile configured.
func CheckRoles(c *Check, path string, roles map[string]RolePin, known []string, what string) {
	for _, name := range slices.Sorted(maps.Keys(roles)) {
		at := path + "." + name
		c.Choice(at, name, known, what, "roles")
		r := roles[name]
		// An entry whose profile or effort is written but could not be read was reported by
		// the decoder; saying it "pins nothing" too would contradict what the user sees.
		if r == (RolePin{}) && !c.IsSet(at+".profile") && !c.IsSet(at+".effort") {
			c.Errorf(at, "pins nothing: set profile, effort or both")
		}
		if r.Profile != "" || c.IsSet(at+".profile") {
			c.Profile(at+".profile", r.Profile)
		}
	}
}
