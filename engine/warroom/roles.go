package warroom

import (
	"embed"
	"fmt"
	"strings"

	"github.com/war-room/war-room/engine/provider"
)

//go:embed roles/*.md
var roleFiles embed.FS

// Role keys. They are what configuration, the ledger and the script provider name a role by;
// no key or title ever reaches a model before the synthesis.
const (
	SupremeCommander   = "supreme-commander"
	ChiefStrategist    = "chief-strategist"
	IntelOfficer       = "intelligence-officer"
	FieldTactician     = "field-tactician"
	Scout              = "scout"
	ProsecutionCounsel = "prosecution-counsel"
	RedTeam            = "red-team"
	LogisticsOfficer   = "logistics-officer"
)

// RoleSpec describes one seat of the panel.
type RoleSpec struct {
	Key   string
	Title string
	// Family is the vendor family the default shape prefers for the seat, so that an
	// unconfigured panel spreads across vendors the way the protocol intends.
	Family string
	Effort provider.Effort
	// COAs is how many courses of action the seat drafts in phase 3 (0: none).
	COAs int
}

// Registry lists every seat in the order panels, ballots and records use.
var Registry = []RoleSpec{
	{SupremeCommander, "Supreme Commander", "anthropic", provider.EffortHigh, 0},
	{ChiefStrategist, "Chief Strategist", "anthropic", provider.EffortMedium, 2},
	{IntelOfficer, "Intelligence Officer", "google", provider.EffortMedium, 0},
	{FieldTactician, "Field Tactician", "zhipu", provider.EffortMedium, 1},
	{Scout, "Scout", "qwen", provider.EffortLow, 0},
	{ProsecutionCounsel, "Prosecution Counsel", "anthropic", provider.EffortMedium, 1},
	{RedTeam, "Red Team Commander", "google", provider.EffortMedium, 0},
	{LogisticsOfficer, "Logistics Officer", "qwen", provider.EffortLow, 1},
}

// Spec returns the registry entry of a role key.
func Spec(key string) (RoleSpec, bool) {
	for _, r := range Registry {
		if r.Key == key {
			return r, true
		}
	}
	return RoleSpec{}, false
}

// RoleTitle returns a role's display title, or the key when unknown.
func RoleTitle(key string) string {
	if r, ok := Spec(key); ok {
		return r.Title
	}
	return key
}

// Body returns a role's system prompt.
func Body(key string) (string, error) {
	b, err := roleFiles.ReadFile("roles/" + key + ".md")
	if err != nil {
		return "", fmt.Errorf("war-room: no role body for %q: %w", key, err)
	}
	return strings.TrimSpace(string(b)), nil
}

// RoleKeys returns every registry key in order.
func RoleKeys() []string {
	keys := make([]string, len(Registry))
	for i, r := range Registry {
		keys[i] = r.Key
	}
	return keys
}
