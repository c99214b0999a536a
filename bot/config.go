package bot

import (
	"context"
	"fmt"

	"github.com/google/go-github/v62/github"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/protocols"
)

// configError is a configuration that could not be loaded. It is always reported where the
// user will see it (a reply, a check run), never replaced by defaults.
type configError struct {
	// Where names the file and ref ("acme/widgets .github/war-room.yml at main").
	Where string
	Err   error
}

func (e *configError) Error() string { return fmt.Sprintf("configuration %s: %v", e.Where, e.Err) }
func (e *configError) Unwrap() error { return e.Err }

// loadedConfig is a configuration and a note on where it came from when that is not the
// file itself (no file: providers detected from the environment).
type loadedConfig struct {
	*config.Config
	Note string
}

// LoadConfig reads path from repo at ref (the default branch: a pull request cannot change
// the configuration it is judged by) through the contents API and parses it strictly. A
// missing file means every default with providers detected from the environment, and says
// so in Note. getenv supplies provider variables for detection only.
func (g *gitHub) LoadConfig(ctx context.Context, repo Repo, ref, path string, getenv func(string) string) (*loadedConfig, error) {
	where := fmt.Sprintf("%s %s at %s", repo, path, ref)
	fc, _, _, err := g.REST.Repositories.GetContents(ctx, repo.Owner, repo.Name, path, &github.RepositoryContentGetOptions{Ref: ref})
	if isNotFound(err) {
		cfg, derr := config.Detect(getenv, protocols.Sections()...)
		if derr != nil {
			return nil, &configError{Where: where, Err: fmt.Errorf("the file does not exist and %w", derr)}
		}
		return &loadedConfig{Config: cfg, Note: fmt.Sprintf("No %s on %s: every setting is the default and providers come from the environment.", path, ref)}, nil
	}
	if err != nil {
		return nil, &configError{Where: where, Err: fmt.Errorf("read: %w", err)}
	}
	if fc == nil {
		return nil, &configError{Where: where, Err: fmt.Errorf("%s is a directory, not a file", path)}
	}
	text, err := fc.GetContent()
	if err != nil {
		return nil, &configError{Where: where, Err: fmt.Errorf("decode: %w", err)}
	}
	cfg, err := config.Parse(path, []byte(text), protocols.Sections()...)
	if err != nil {
		return nil, &configError{Where: where, Err: err}
	}
	if err := cfg.DetectProviders(getenv); err != nil {
		return nil, &configError{Where: where, Err: err}
	}
	return &loadedConfig{Config: cfg}, nil
}
