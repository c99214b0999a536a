package config

import (
	"fmt"
	"strings"
)

func (v *validator) protocols() {
	p := &v.cfg.Protocols
	for _, role := range sortedKeys(p.Reason.Roles) {
		path := "protocols.reason.roles." + role
		if !contains(ReasonRoles, role) {
			v.errf(path, "unknown reasoning role%s (roles: %s)", suggest(role, ReasonRoles), quoteList(ReasonRoles))
		}
		v.role(path, p.Reason.Roles[role])
	}
	v.roles("protocols.war_room.roles", "war-room", WarRoomRoles, p.WarRoom.Roles)
	v.roles("protocols.council.roles", "council", CouncilRoles, p.Council.Roles)
	for i, w := range p.Council.Unscrubbed {
		if strings.TrimSpace(w) == "" {
			v.errf(fmt.Sprintf("protocols.council.unscrubbed[%d]", i), "is empty: name a word, or remove the entry")
		}
	}
	v.thresholds(p.WarRoom.Thresholds)
	v.positive("protocols.war_room.timeouts.expert", p.WarRoom.Timeouts.Expert == 0)
	v.positive("protocols.war_room.timeouts.synthesis", p.WarRoom.Timeouts.Synthesis == 0)
	v.fraction("protocols.war_room.delphi.threshold", p.WarRoom.Delphi.Threshold)
	v.positive("protocols.war_room.delphi.max_rounds", p.WarRoom.Delphi.MaxRounds == 0)
}

func (v *validator) roles(path, protocol string, known []string, roles map[string]Role) {
	for _, name := range sortedKeys(roles) {
		if !contains(known, name) {
			v.errf(path+"."+name, "unknown %s role%s (roles: %s)", protocol, suggest(name, known), quoteList(known))
		}
		v.role(path+"."+name, roles[name])
	}
}

// role rejects an entry that pins nothing, such as one whose only key was misspelt. An entry
// whose profile or effort is written but was rejected already has its own error; saying it
// "pins nothing" as well would contradict what the user can see in the file.
func (v *validator) role(path string, r Role) {
	if r.Profile == "" && r.Effort == "" && !v.has(path+".profile") && !v.has(path+".effort") {
		v.errf(path, "pins nothing: set profile, effort or both")
	}
}

// thresholds checks the override: three ceilings, each in (0, 1], strictly increasing.
func (v *validator) thresholds(t []float64) {
	const path = "protocols.war_room.thresholds"
	if !v.has(path) {
		return
	}
	if len(t) != 3 {
		v.errf(path, "want 3 ceilings [express, lightweight, full council], got %d", len(t))
		return
	}
	for i, f := range t {
		item := fmt.Sprintf("%s[%d]", path, i)
		if v.fraction(item, f) && i > 0 && f <= t[i-1] {
			v.errf(item, "must be greater than the ceiling before it (%g): thresholds must strictly increase", t[i-1])
		}
	}
}
