package council

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"sync"

	"github.com/war-room/war-room/engine/settings"
	"gopkg.in/yaml.v3"
)

//go:embed roster/*.yaml profiles/*.yaml capability-priors.yaml
var dataFiles embed.FS

// DataFiles are the built-in catalog's files (roster/, profiles/, capability-priors.yaml), for
// loaders that check them with the configuration's decoder and for the documentation.
func DataFiles() fs.FS { return dataFiles }

// builtin is the catalog as shipped, decoded the first time it is needed rather than when the
// binary starts (every command pays a package's start-up; most never convene). The files are
// the protocol's own and a test decodes them with the configuration's strict decoder too, so a
// defect here is a build defect.
var builtin = sync.OnceValue(mustBuiltin)

func mustBuiltin() Catalog {
	c, err := LoadLayer(dataFiles, ".", Catalog{}, plainDecoder)
	if err == nil {
		err = c.Check()
	}
	if err != nil {
		panic(fmt.Sprintf("council: the built-in catalog is defective: %v", err))
	}
	return c
}

// Builtin returns the catalog as shipped: the roster, the composition profiles and the
// capability priors embedded in the protocol.
func Builtin() Catalog { return Catalog{}.Over(builtin()) }

// plainDecoder decodes the protocol's own files with unknown keys refused and runs the same
// checks as for a repository's files (without a position for a check's finding, which only
// a defect of the protocol itself can produce).
func plainDecoder(name string, data []byte, v any, check func(*settings.Check)) error {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	c := &settings.Check{}
	check(c)
	var errs []error
	for _, p := range c.Problems() {
		msg := p.Msg
		if p.Got != "" {
			msg += fmt.Sprintf(" %q (%s: %s)", p.Got, p.ChoicesName, strings.Join(p.Choices, ", "))
		}
		errs = append(errs, fmt.Errorf("%s: %s: %s", name, p.Path, msg))
	}
	return errors.Join(errs...)
}
