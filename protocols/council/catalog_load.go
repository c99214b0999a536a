package council

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/war-room/war-room/engine/settings"
)

// decoder decodes one YAML document strictly into v (unknown keys, wrong types and bad
// enumerations are errors) and then runs check on what it decoded; every problem it returns
// names the file, the line and the key. The configuration package's decoder is the one used
// for a repository's files; the protocol decodes its own embedded files with a plain one.
type decoder func(name string, data []byte, v any, check func(*settings.Check)) error

// Where a catalog's files sit under its directory.
const (
	rosterDir  = "roster"
	profileDir = "profiles"
	priorsFile = "capability-priors.yaml"
)

// RepositoryDir is where a repository keeps its layer of the catalog.
const RepositoryDir = ".github/war-room/council"

// LoadLayer reads one layer of the catalog from dir in files: roster cards, composition
// profiles and priors, each strictly decoded with dec and checked. under is the catalog the
// layer is laid over: its members may be named by the layer's profiles, and its built-in
// briefs serve the layer's cards of the same key. A missing directory or file is an empty
// layer, not an error. Every problem of every file is returned, joined.
func LoadLayer(files fs.FS, dir string, under Catalog, dec decoder) (Catalog, error) {
	var layer Catalog
	var errs []error
	err := each(files, path.Join(dir, rosterDir), func(name, stem string, data []byte) {
		m := Member{}
		errs = append(errs, dec(name, data, &m, func(c *settings.Check) {
			checkMember(c, &m, stem, hasBuiltinBrief(m.Key))
		}))
		m.Source = name
		layer.Members = append(layer.Members, m)
	})
	errs = append(errs, err)
	known := under.Over(layer).MemberKeys()
	def := ""
	err = each(files, path.Join(dir, profileDir), func(name, stem string, data []byte) {
		p := newProfile()
		errs = append(errs, dec(name, data, &p, func(c *settings.Check) { checkProfile(c, &p, stem, known, def) }))
		if p.Default && def == "" {
			def = p.Name
		}
		p.Source = name
		layer.Profiles = append(layer.Profiles, p)
	})
	errs = append(errs, err)
	priors := path.Join(dir, priorsFile)
	switch data, err := fs.ReadFile(files, priors); {
	case err == nil:
		errs = append(errs, dec(priors, data, &layer.Priors, func(c *settings.Check) { checkPriors(c, &layer.Priors) }))
	case !errors.Is(err, fs.ErrNotExist):
		errs = append(errs, fmt.Errorf("read %s: %w", priors, err))
	}
	return layer, errors.Join(errs...)
}

// each calls fn for every .yaml or .yml file of dir, in name order; other files are not
// cards and are left alone.
func each(files fs.FS, dir string, fn func(name, stem string, data []byte)) error {
	entries, err := fs.ReadDir(files, dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("read %s: %w", dir, err)
	}
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	var errs []error
	for _, e := range entries {
		ext := path.Ext(e.Name())
		if e.IsDir() || ext != ".yaml" && ext != ".yml" {
			continue
		}
		name := path.Join(dir, e.Name())
		data, err := fs.ReadFile(files, name)
		if err != nil {
			errs = append(errs, fmt.Errorf("read %s: %w", name, err))
			continue
		}
		fn(name, strings.TrimSuffix(e.Name(), ext), data)
	}
	return errors.Join(errs...)
}

// Check reports what no single file shows: a catalog with no default profile.
func (c Catalog) Check() error {
	if _, ok := c.Profile(""); !ok {
		return errors.New("council: no composition profile is marked default: true")
	}
	return nil
}
