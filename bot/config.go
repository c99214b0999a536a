package bot

import (
	"context"
	"fmt"

	"github.com/google/go-github/v62/github"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/protocols"
)

// ConfigError is a configuration that could not be loaded. It is always reported where the
// user will see it (a reply, a check run), never replaced by defaults.
type ConfigError struct {
	// Where names the file and ref ("acme/widgets .github/war-room.yml at main").
	Where string
	Err   error
}

func (e *ConfigError) Error() string { return fmt.Sprintf("configuration %s: %v", e.Where, e.Err) }
func (e *ConfigError) Unwrap() error { return e.Err }

// LoadedConfig is a configuration and a note on where it came from when that is not the
// file itself (no file: providers detected from the environment).
type LoadedConfig struct {
	*config.Config
	Note string
}

// LoadConfig reads path from repo at ref (the default branch: a pull request cannot change
// the configuration it is judged by) through the contents API and parses it strictly. A
// missing file means every default with providers detected from the environment, and says
// so in Note. getenv supplies provider variables for detection only.
func (g *GitHub) LoadConfig(ctx context.Context, repo Repo, ref, path string, getenv func(string) string) (*LoadedConfig, error) {
	where := fmt.Sprintf("%s %s at %s", repo, path, ref)
	fc, _, _, err := g.REST.Repositories.GetContents(ctx, repo.Owner, repo.Name, path, &github.RepositoryContentGetOptions{Ref: ref})
	if isNotFound(err) {
		cfg, derr := config.Detect(getenv, protocols.Sections()...)
		if derr != nil {
			return nil, &ConfigError{Where: where, Err: fmt.Errorf("the file does not exist and %w", derr)}
		}
		return &LoadedConfig{Config: cfg, Note: fmt.Sprintf("No %s on %s: every setting is the default and providers come from the environment.", path, ref)}, nil
	}
	if err != nil {
		return nil, &ConfigError{Where: where, Err: fmt.Errorf("read: %w", err)}
	}
	if fc == nil {
		return nil, &ConfigError{Where: where, Err: fmt.Errorf("%s is a directory, not a file", path)}
	}
	text, err := fc.GetContent()
	if err != nil {
		return nil, &ConfigError{Where: where, Err: fmt.Errorf("decode: %w", err)}
	}
	cfg, err := config.Parse(path, []byte(text), protocols.Sections()...)
	if err != nil {
		return nil, &ConfigError{Where: where, Err: err}
	}
	if err := cfg.DetectProviders(getenv); err != nil {
		return nil, &ConfigError{Where: where, Err: err}
	}
	return &LoadedConfig{Config: cfg}, nil
}
