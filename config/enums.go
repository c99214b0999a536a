package config

import (
	"reflect"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/vendors"
)

// ProviderType is the adapter a profile uses: one of the vendor registry's types.
type ProviderType string

// CLICommand is the agent CLI a cli profile runs.
type CLICommand string

// Agent CLIs.
const (
	CommandClaude CLICommand = "claude"
	CommandCodex  CLICommand = "codex"
	CommandGemini CLICommand = "gemini"
)

// Permission is a repository permission level, lowest first.
type Permission string

// Permission levels.
const (
	PermissionRead     Permission = "read"
	PermissionTriage   Permission = "triage"
	PermissionWrite    Permission = "write"
	PermissionMaintain Permission = "maintain"
	PermissionAdmin    Permission = "admin"
)

// PriorCheck is what to do when earlier decisions on the same topic exist.
type PriorCheck string

// Prior-decision check modes.
const (
	PriorCheckAsk    PriorCheck = "ask"
	PriorCheckInform PriorCheck = "inform"
	PriorCheckOff    PriorCheck = "off"
)

// Diversity is how a review lane is kept independent of the change's author.
type Diversity string

// Diversity modes.
const (
	DiversityCrossFamily  Diversity = "cross-family"
	DiversityFreshContext Diversity = "fresh-context"
)

// Conclusion is a check-run conclusion.
type Conclusion string

// Conclusions a refuted review may report.
const (
	ConclusionFailure Conclusion = "failure"
	ConclusionNeutral Conclusion = "neutral"
)

// Severity is how much a review finding matters, most first.
type Severity string

// Severities, as a reviewer's FINDING lines give them.
const (
	SeverityBlocker Severity = "blocker"
	SeverityMajor   Severity = "major"
	SeverityMinor   Severity = "minor"
	SeverityNit     Severity = "nit"
)

// enumValues lists the allowed values of every enumerated type the decoder meets, in the
// order error messages show them.
var enumValues = map[reflect.Type][]string{
	reflect.TypeFor[CLICommand]():        {"claude", "codex", "gemini"},
	reflect.TypeFor[Permission]():        {"read", "triage", "write", "maintain", "admin"},
	reflect.TypeFor[PriorCheck]():        {"ask", "inform", "off"},
	reflect.TypeFor[Diversity]():         {"cross-family", "fresh-context"},
	reflect.TypeFor[Conclusion]():        {"failure", "neutral"},
	reflect.TypeFor[Severity]():          {"blocker", "major", "minor", "nit"},
	reflect.TypeFor[provider.Effort]():   {"low", "medium", "high", "xhigh", "max"},
	reflect.TypeFor[provider.Thinking](): {"adaptive", "off"},
}

// allowedValues lists the values an enumerated type takes, or nil when t is not one. Provider
// types are the vendor registry's, read at each call so that a registered vendor is known.
func allowedValues(t reflect.Type) []string {
	if t == reflect.TypeFor[ProviderType]() {
		return vendors.Types()
	}
	return enumValues[t]
}

// Rank orders permission levels; an unknown level ranks below read.
func (p Permission) Rank() int {
	for i, v := range enumValues[reflect.TypeFor[Permission]()] {
		if string(p) == v {
			return i + 1
		}
	}
	return 0
}

// AtLeast reports whether p grants at least min; an unknown level on either side is false,
// so that a permission string from GitHub this code does not know never grants access.
func (p Permission) AtLeast(min Permission) bool {
	return p.Rank() > 0 && min.Rank() > 0 && p.Rank() >= min.Rank()
}
