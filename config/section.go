package config

import (
	"reflect"
	"slices"
	"strings"

	"github.com/war-room/war-room/engine/settings"
)

// Section is one protocol's configuration section, protocols.<Key>, declared by the protocol
// that owns it, so that adding a protocol adds its section without touching this package. New
// returns the section's value (a pointer to a struct with yaml tags) with the protocol's
// defaults applied; the file's keys are decoded into it by the same strict decoder as every
// other section, and a value that implements settings.SectionValidator is then checked by its
// protocol. Enumerated string types in a section list their values with a method
// Choices() []string.
type Section struct {
	// Protocol is the protocol's name, as protocols.default takes it.
	Protocol string
	// Key is the section's key under protocols (war_room, reason, council).
	Key string
	New func() any
}

// Protocols holds protocols.default and every protocol's section.
type Protocols struct {
	// Default is the protocol a bare /war-room command runs; it defaults to the first
	// section's protocol.
	Default string
	// sections are the schema's sections in the order given, values by protocol name.
	sections []Section
	values   map[string]any
}

// Section returns protocol's decoded section (the pointer its New returned), or nil for a
// protocol this configuration was not given a section for.
func (cfg *Config) Section(protocol string) any { return cfg.Protocols.values[protocol] }

// Names lists the protocols the configuration has sections for, in schema order.
func (p Protocols) Names() []string {
	out := make([]string, len(p.sections))
	for i, s := range p.sections {
		out[i] = s.Protocol
	}
	return out
}

// withSections installs fresh, defaulted section values.
func (p *Protocols) withSections(sections []Section) {
	p.sections, p.values = slices.Clone(sections), map[string]any{}
	for _, s := range sections {
		p.values[s.Protocol] = s.New()
	}
	if p.Default == "" && len(sections) > 0 {
		p.Default = sections[0].Protocol
	}
}

var protocolsType = reflect.TypeFor[Protocols]()

// choicesType is the method an enumerated type of a protocol section lists its values with.
type choicer interface{ Choices() []string }

// enumOf returns the allowed values of an enumerated type, nil for free text.
func enumOf(t reflect.Type) []string {
	if vs := allowedValues(t); vs != nil {
		return vs
	}
	if t.Implements(reflect.TypeFor[choicer]()) {
		return reflect.Zero(t).Interface().(choicer).Choices()
	}
	return nil
}

// checkSections runs each section's own validation; refsOnly is the second pass, after
// profiles detected from the environment became known.
func (v *validator) checkSections(refsOnly bool) {
	var profiles []string
	if len(v.cfg.Providers) > 0 {
		profiles = sortedKeys(v.cfg.Providers)
	}
	for _, s := range v.cfg.Protocols.sections {
		sv, ok := v.cfg.Protocols.values[s.Protocol].(settings.SectionValidator)
		if !ok {
			continue
		}
		base := "protocols." + s.Key
		check := &settings.Check{Profiles: profiles, RefsOnly: refsOnly,
			Set: func(path string) bool { return v.has(join(base, path)) }}
		sv.Validate(check)
		for _, p := range check.Problems() {
			v.setting(base, p)
		}
	}
}

// setting reports a protocol's finding at its place in the file, unless the decoder already
// reported that key (a value it could not read is not also, say, missing).
func (v *validator) setting(base string, p settings.Error) {
	path := strings.TrimSuffix(join(base, p.Path), ".")
	if v.cfg.failed[path] {
		return
	}
	msg := p.Msg
	if p.Got != "" || p.Choices != nil {
		msg += suggest(p.Got, p.Choices) + choicesNote(p.ChoicesName, p.Choices)
	}
	v.errf(path, "%s", msg)
}

// choicesNote lists what a value could have been: ` (roles: "a", "b" or "c")`.
func choicesNote(name string, choices []string) string {
	if len(choices) == 0 {
		return ""
	}
	return " (" + cmpOr(name, "choices") + ": " + quoteList(choices) + ")"
}
