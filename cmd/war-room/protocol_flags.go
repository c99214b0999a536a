package main

import (
	"flag"
	"maps"
	"slices"

	"github.com/war-room/war-room/protocols"
)

// protocolFlags are a protocol's own flags, registered on a command's flag set from the
// protocol registry's declaration, so that the CLI, the slash grammar and the docs take the
// same flags with the same meaning.
type protocolFlags struct {
	protocol string
	strs     map[string]*string
	bools    map[string]*bool
}

func registerProtocolFlags(fs *flag.FlagSet, protocol string) *protocolFlags {
	p := &protocolFlags{protocol: protocol, strs: map[string]*string{}, bools: map[string]*bool{}}
	for _, f := range protocols.AllowedFlags(protocol) {
		if f.Bool {
			p.bools[f.Name] = fs.Bool(f.Name, false, f.Help)
		} else {
			p.strs[f.Name] = fs.String(f.Name, f.Default, f.Help)
		}
	}
	return p
}

// get is a flag's value ("true" or "" for a boolean one).
func (p *protocolFlags) get(name string) string {
	if b, ok := p.bools[name]; ok {
		if *b {
			return "true"
		}
		return ""
	}
	return *p.strs[name]
}

// request is the flags as a session request carries them: every value given or defaulted.
func (p *protocolFlags) request() map[string]string {
	out := map[string]string{}
	for _, name := range slices.Concat(slices.Collect(maps.Keys(p.strs)), slices.Collect(maps.Keys(p.bools))) {
		if v := p.get(name); v != "" {
			out[name] = v
		}
	}
	return out
}

// check refuses a value the protocol cannot use, as a usage error, before anything runs.
func (p *protocolFlags) check() error {
	if err := protocols.CheckFlags(p.protocol, p.request()); err != nil {
		return exitErr(exitUsage, err)
	}
	return nil
}

// set gives a flag a value as if it had been given ("true" for a boolean one).
func (p *protocolFlags) set(name, v string) {
	if b, ok := p.bools[name]; ok {
		*b = v == "true"
	} else if sp, ok := p.strs[name]; ok {
		*sp = v
	}
}
