package config

import (
	"fmt"
	"strings"
)

// refs checks that every profile named outside the providers section is defined.
func (v *validator) refs() {
	p := v.cfg.Protocols
	for i, name := range p.Reason.Pool {
		v.ref(fmt.Sprintf("protocols.reason.pool[%d]", i), name)
		for j := range i {
			if p.Reason.Pool[j] == name {
				v.errf(fmt.Sprintf("protocols.reason.pool[%d]", i), "%q is listed twice (also pool[%d])", name, j)
				break
			}
		}
	}
	v.roleRefs("protocols.reason.roles", p.Reason.Roles)
	v.roleRefs("protocols.war_room.roles", p.WarRoom.Roles)
	v.roleRefs("protocols.council.roles", p.Council.Roles)
	if p.WarRoom.DefaultProfile != "" || v.has("protocols.war_room.default_profile") {
		v.ref("protocols.war_room.default_profile", p.WarRoom.DefaultProfile)
	}
	for i, l := range v.cfg.Review.Lanes {
		if l.Profile != "" {
			v.ref(fmt.Sprintf("review.lanes[%d].profile", i), l.Profile)
		}
	}
}

func (v *validator) roleRefs(path string, roles map[string]Role) {
	for _, name := range sortedKeys(roles) {
		if r := roles[name]; r.Profile != "" || v.has(path+"."+name+".profile") {
			v.ref(path+"."+name+".profile", r.Profile)
		}
	}
}

func (v *validator) ref(path, name string) {
	if _, ok := v.cfg.Providers[name]; ok {
		return
	}
	names := sortedKeys(v.cfg.Providers)
	v.errf(path, "unknown profile %q%s; profiles: %s", name, suggest(name, names), strings.Join(names, ", "))
}
