package bot

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/war-room/war-room/engine/events"
	"github.com/war-room/war-room/internal/safetext"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine"
)

// Deps is what every handler needs. The Action builds one per run from the runner's
// environment; the App builds one per installation.
type Deps struct {
	GitHub *gitHub
	// Grammar knows the protocols' command words and flags. Its Default is replaced per event
	// by Settings.Protocol or the configured default.
	Grammar  Grammar
	Settings Settings
	// Getenv supplies provider keys (and nothing else is read through it).
	Getenv func(string) string
	// ProviderHTTP is the HTTP client of the HTTP provider adapters (nil: their default).
	ProviderHTTP *http.Client
	// Now is the clock of runs and progress throttling.
	Now func() time.Time
	// OpenStore opens the store a session runs on. The Action's is a fresh SQLite file per
	// run: nothing survives to the next run but what GitHub holds.
	OpenStore func(ctx context.Context) (engine.Store, error)
	// CarryState says OpenStore's store does not outlive the job (the Action): a session that
	// pauses at a gate or fails keeps its stored steps and calls in the thread's state, so the
	// job that continues it neither repeats nor loses a call it made.
	CarryState bool
	// Mask hides a secret from logs (the Action's ::add-mask::); nil in the App.
	Mask func(secret string)
	// Checkout is a local checkout of the repository (the Action's GITHUB_WORKSPACE): a
	// standing-team session's evidence requests read its HEAD through git. Empty, or not a git
	// checkout, they read the default branch's head through the API (the App).
	Checkout string
	// TempDir is where review lanes write their evidence ("" : the system's).
	TempDir string
	Report  Reporter
	Log     *slog.Logger
	// Events, when set, receives the engine events of every session and review lane besides
	// the sinks a surface adds (the App's metrics).
	Events events.Sink
	// CheckConfig, when set, refuses a repository configuration this deployment will not
	// run; the refusal is reported like any configuration error. The App sets it: there
	// the file is written by whoever installed the App, and must not pick programs or files
	// on the server.
	CheckConfig func(*config.Config) error
	// Holder names this worker in the leases that keep one session (and one thread) on one
	// worker at a time across the App's workers and replicas; the Action leaves it empty.
	// LeaseTTL is their life between renewals (default session.DefaultLeaseTTL).
	Holder   string
	LeaseTTL time.Duration
	// Installation is the App installation a job acts in (0 in the Action).
	Installation int64
	// Ceilings bound what a repository's configuration may spend (the App's serve flags).
	Ceilings Ceilings
	// ForkPermission, when set (the App), is the permission a fork pull request's author
	// needs for its review lanes to run on their own; below it, the lanes wait for someone
	// with that permission to comment /war-room review. Empty (the Action) leaves forks to
	// GitHub's rule: their runs get no secrets.
	ForkPermission config.Permission
}

// Settings are the per-installation (Action: per-step input) choices.
type Settings struct {
	// ConfigPath is the configuration file in the repository (default config.DefaultPath).
	ConfigPath string
	// Protocol overrides the configured default protocol of a bare command ("" keeps it).
	Protocol string
	// Publish sends decisions to Discussions; Review runs review lanes on pull requests.
	Publish, Review bool
	// Question is the question of a workflow_dispatch run (the question input).
	Question string
	// RunURL links to where this run's full record is (the Actions run page), or "".
	RunURL string
	// RunID is the Actions run (GITHUB_RUN_ID): every attempt of one run is one command.
	RunID string
}

// Reporter receives a run's results besides what goes to GitHub: the Action's step
// outputs, job summary and annotations. A nil Reporter drops them.
type Reporter interface {
	// SetOutput sets a step output.
	SetOutput(name, value string)
	// Summary appends Markdown to the job summary.
	Summary(markdown string)
	// Warning records a warning the user should see.
	Warning(msg string)
}

func (d *Deps) now() time.Time {
	if d.Now != nil {
		return d.Now()
	}
	return time.Now()
}

func (d *Deps) log() *slog.Logger {
	if d.Log != nil {
		return d.Log
	}
	return slog.New(slog.DiscardHandler)
}

// output sets a step output. A workflow may post it anywhere, so secrets are redacted, as in
// the CLI's --json; nothing else changes, since outputs are data.
func (d *Deps) output(name, value string) {
	if d.Report != nil {
		d.Report.SetOutput(name, safetext.Redact(value))
	}
}

func (d *Deps) summary(md string) {
	if d.Report != nil {
		d.Report.Summary(md)
	}
}

// warning logs msg and makes it a workflow annotation, which the Actions page shows as plain
// text: it is defused as any title is (safetext.Plain).
func (d *Deps) warning(msg string) {
	msg = safetext.Plain(msg)
	d.log().Warn(msg)
	if d.Report != nil {
		d.Report.Warning(msg)
	}
}

// grammar is the command grammar with the default protocol of this installation.
func (d *Deps) grammar(cfg *loadedConfig) Grammar {
	g := d.Grammar
	g.Default = string(cfg.Protocols.Default)
	if d.Settings.Protocol != "" {
		g.Default = d.Settings.Protocol
	}
	return g
}

// loadConfig loads the repository's configuration, masks the value of every provider key it
// names before anything can print one, and spaces this event's writes as it says
// (github.write_spacing). Deps is the event's own (a job's copy in the App), so replacing
// its connection touches no other event.
func (d *Deps) loadConfig(ctx context.Context, repo Repo, ref string) (*loadedConfig, error) {
	cfg, err := d.GitHub.LoadConfig(ctx, repo, ref, d.configPath(), d.Getenv)
	if err != nil {
		return nil, err
	}
	if d.CheckConfig != nil {
		if err := d.CheckConfig(cfg.Config); err != nil {
			return nil, &configError{Where: fmt.Sprintf("%s %s at %s", repo, d.configPath(), ref), Err: err}
		}
	}
	for _, p := range cfg.Providers {
		if p.APIKeyEnv != "" && d.Mask != nil {
			if v := d.Getenv(p.APIKeyEnv); v != "" {
				d.Mask(v)
			}
		}
	}
	d.Ceilings.clampWrites(cfg)
	// From here on this event's writes keep the repository's spacing, against every other
	// job for the repository; the installation's own spacing is the operator's.
	d.GitHub = d.GitHub.ForRepo(repo, cfg.GitHub.WriteSpacing)
	return cfg, nil
}

// sinks are a run's sinks with Events added.
func (d *Deps) sinks(own ...events.Sink) []events.Sink {
	if d.Events != nil {
		own = append(own, d.Events)
	}
	return own
}
