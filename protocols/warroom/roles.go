package warroom

import (
	"embed"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/protocols/internal/panel"
)

//go:embed roles/*.md
var roleFiles embed.FS

// Role keys. They are what configuration, the ledger and the script provider name a role by;
// no key or title ever reaches a model before the synthesis.
const (
	SupremeCommander   = "supreme-commander"
	chiefStrategist    = "chief-strategist"
	intelOfficer       = "intelligence-officer"
	fieldTactician     = "field-tactician"
	scout              = "scout"
	prosecutionCounsel = "prosecution-counsel"
	redTeam            = "red-team"
	logisticsOfficer   = "logistics-officer"
)

// roleSpec describes one seat of the panel.
type roleSpec struct {
	panel.Role
	// Family is the vendor family the default shape prefers for the seat, so that an
	// unconfigured panel spreads across vendors the way the protocol intends.
	Family string
	// Avoid is a seat (placed before this one) whose family the default shape keeps this seat
	// off when another family is configured: the independence rule wants the red team apart
	// from the strategist, and an express decision ratified by a second family.
	Avoid string
	// COAs is how many courses of action the seat drafts in phase 3 (0: none).
	COAs int
}

func seat(key, title, family string, effort provider.Effort, avoid string, coas int) roleSpec {
	return roleSpec{Role: panel.Role{Key: key, Title: title, Effort: effort}, Family: family, Avoid: avoid, COAs: coas}
}

// registry lists every seat in the order panels, ballots and records use.
var registry = panel.NewRegistry(Protocol, roleFiles,
	seat(SupremeCommander, "Supreme Commander", "anthropic", provider.EffortHigh, "", 0),
	seat(chiefStrategist, "Chief Strategist", "openai", provider.EffortMedium, SupremeCommander, 2),
	seat(intelOfficer, "Intelligence Officer", "google", provider.EffortMedium, "", 0),
	seat(fieldTactician, "Field Tactician", "zhipu", provider.EffortMedium, "", 1),
	seat(scout, "Scout", "qwen", provider.EffortLow, "", 0),
	seat(prosecutionCounsel, "Prosecution Counsel", "anthropic", provider.EffortMedium, "", 1),
	seat(redTeam, "Red Team Commander", "google", provider.EffortMedium, chiefStrategist, 0),
	seat(logisticsOfficer, "Logistics Officer", "qwen", provider.EffortLow, "", 1),
)

// allRoles lists every seat in order.
func allRoles() []roleSpec { return registry.All() }

// spec returns the registry entry of a role key.
func spec(key string) (roleSpec, bool) { return registry.Spec(key) }

// roleTitle returns a role's display title, or the key when unknown.
func roleTitle(key string) string { return registry.Title(key) }

// Body returns a role's system prompt.
func Body(key string) (string, error) { return registry.Body(key) }

// RoleKeys returns every registry key in order.
func RoleKeys() []string { return registry.Keys() }
