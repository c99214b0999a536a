package council

import (
	"slices"
	"testing"

	"github.com/war-room/war-room/config"
)

// config validates protocols.council.roles against its own copy of the role keys (it cannot
// import this package); the two must not drift.
func TestConfigKnowsEveryCouncilRole(t *testing.T) {
	if !slices.Equal(config.CouncilRoles, RoleKeys()) {
		t.Fatalf("config.CouncilRoles %v, council roles %v", config.CouncilRoles, RoleKeys())
	}
}
