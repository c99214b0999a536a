package warroom

import (
	"slices"
	"testing"

	"github.com/war-room/war-room/config"
)

// config validates protocols.war_room.roles against its own copy of the role keys (it cannot
// import this package); the two must not drift.
func TestConfigKnowsEveryWarRoomRole(t *testing.T) {
	if !slices.Equal(config.WarRoomRoles, RoleKeys()) {
		t.Fatalf("config.WarRoomRoles %v, war-room roles %v", config.WarRoomRoles, RoleKeys())
	}
}
