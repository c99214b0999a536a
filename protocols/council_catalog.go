package protocols

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/protocols/council"
	"github.com/war-room/war-room/protocols/warroom"
)

// CouncilCatalog is the standing team's catalog for a repository: the built-in roster,
// profiles and capability priors, with the repository's own layer
// (.github/war-room/council/{roster,profiles}/*.yaml and capability-priors.yaml in files)
// laid over them. The repository's files are decoded by the configuration's strict decoder,
// so every problem names the file, the line and the key; nil files means the built-ins
// alone.
func CouncilCatalog(files fs.FS) (council.Catalog, error) {
	base := council.Builtin()
	if files == nil {
		return base, nil
	}
	layer, err := council.LoadLayer(files, council.RepositoryDir, base, config.DecodeDocument)
	if err != nil {
		return council.Catalog{}, fmt.Errorf("the standing team's files in %s:\n%w", council.RepositoryDir, err)
	}
	cat := base.Over(layer)
	if err := cat.Check(); err != nil {
		return council.Catalog{}, err
	}
	return cat, nil
}

// councilIntent reads the repository's durable intent file (.github/war-room/intent.md);
// nil, and no error, when there is none — the steward then drafts a provisional one.
func councilIntent(files fs.FS) (*council.Intent, error) {
	if files == nil {
		return nil, nil
	}
	b, err := fs.ReadFile(files, council.IntentFile)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil
	case err != nil:
		return nil, fmt.Errorf("read %s: %w", council.IntentFile, err)
	}
	return council.NewIntent(council.IntentFile, string(b))
}

// councilOptions resolves a standing-team session's options from the configuration, the
// registry's flags (as a command or a comment gives them) and what surrounds the question: the
// repository's layer of the catalog and its intent file (from Files), the approved memory, and
// the checkout probes read. It is the one place the flags become options, for a session and
// for a dry run alike.
func councilOptions(cfg *config.Config, raw map[string]string, sur Surround) (council.Options, error) {
	rounds, err := council.ParseRounds(raw["rounds"])
	if err != nil {
		return council.Options{}, err
	}
	flags := council.Flags{Seats: raw["seats"], Rounds: rounds, Profile: raw["profile"], Go: raw["go"] == "true"}
	cat, err := CouncilCatalog(sur.Files)
	if err != nil {
		return council.Options{}, err
	}
	intent, err := councilIntent(sur.Files)
	if err != nil {
		return council.Options{}, err
	}
	base, err := baselineOf(cfg, raw)
	if err != nil {
		return council.Options{}, err
	}
	sec, _ := cfg.Section(council.Protocol).(*council.Section)
	opts, err := council.Convene(sec, cfg.Descriptors(), flags, council.Env{Catalog: cat, Intent: intent, Memory: sur.Memory, Evidence: sur.Evidence})
	opts.Baseline = base
	return opts, err
}

// councilProposals is the standing team's memory write-back, as the registry's Proposals.
func councilProposals(ctx context.Context, st engine.Store, id string) (kept, refused []Proposal, err error) {
	k, r, err := council.Proposals(ctx, st, id)
	conv := func(ps []council.Proposal) []Proposal {
		out := make([]Proposal, len(ps))
		for i, p := range ps {
			out[i] = Proposal{By: p.By, Item: p.Item, Refused: p.Refused}
		}
		return out
	}
	return conv(k), conv(r), err
}

// CouncilRoster prints the standing team's catalog (the built-in one with the repository's layer
// from files): the whole catalog, or the composition profile or member called name, or with lint
// the divergence lint's findings, returned as an error when there are any. A catalog that does
// not load, or a name that is neither, is a *Refused.
func CouncilRoster(w io.Writer, files fs.FS, lint bool, name string) error {
	cat, err := CouncilCatalog(files)
	if err != nil {
		return &Refused{Err: err}
	}
	switch {
	case lint:
		return council.WriteLint(w, cat)
	case name == "":
		council.WriteCatalog(w, cat)
		return nil
	}
	if p, ok := cat.Profile(name); ok {
		council.WriteProfile(w, cat, p)
		return nil
	}
	if m, ok := cat.Member(name); ok {
		return council.WriteMember(w, cat, m)
	}
	return &Refused{Err: fmt.Errorf("%q is neither a composition profile (%s) nor a member (%s)", name,
		strings.Join(cat.ProfileNames(), ", "), strings.Join(cat.MemberKeys(), ", "))}
}

// CouncilMember reports whether key is a member of the standing team's built-in roster, and
// lists the members, for the memory a person records about one.
func CouncilMember(key string) (ok bool, members []string) {
	_, ok = council.Spec(key)
	return ok, council.SeatKeys()
}

// Deferred lists the items deferred by every protocol's sessions in st (war-room captures
// them), for decisions deferred.
func Deferred(ctx context.Context, st engine.Store) ([]decision.DeferredItem, error) {
	return warroom.ListDeferred(ctx, st)
}
