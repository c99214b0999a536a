package cli

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/war-room/war-room/engine/provider"
)

// defaultTimeout bounds one CLI run when Config.Timeout is zero. Agent CLIs are slow to start
// and may think for minutes at high effort, but a run that takes longer than this is stuck.
const defaultTimeout = 10 * time.Minute

// Config selects and pins one agent CLI.
type Config struct {
	// Command is "claude", "codex" or "gemini"; it selects the argv and the output parser.
	Command string
	// Binary is the executable's path or name; default Command, looked up in PATH.
	Binary string
	// Model is passed to the CLI's model flag when set.
	Model string
	// Timeout bounds one run; default DefaultTimeout.
	Timeout time.Duration
	// WorkDir is the child's working directory; default a fresh empty temporary directory,
	// removed after the run, so the CLI sees no repository it could read or touch.
	WorkDir string
	// APIKey, when set, is handed to the CLI in its vendor's key variable (ANTHROPIC_API_KEY
	// for claude, CODEX_API_KEY for codex, GEMINI_API_KEY for gemini). That switches the CLI
	// from the user's subscription to API billing, so it is set only when the profile's
	// api_key_env names a key; otherwise the child gets no API key at all.
	APIKey string
	// Env holds extra KEY=VALUE entries passed through to the child. The child otherwise gets
	// only the common variables and its own CLI's (see scrubbedEnv).
	Env []string
}

// client runs one configured CLI. It holds no per-call state and is safe for concurrent use.
type client struct {
	cfg    Config
	vendor vendor
	now    func() time.Time
}

var _ provider.Provider = (*client)(nil)

// New checks cfg and fills its defaults. It fails on an unknown Command; a missing binary is
// reported by Complete, because PATH may legitimately differ between configuration and use.
func New(cfg Config) (*client, error) {
	v, ok := vendors[cfg.Command]
	if !ok {
		return nil, fmt.Errorf("cli provider: unknown command %q (want %s)", cfg.Command, knownCommands())
	}
	if cfg.Binary == "" {
		cfg.Binary = cfg.Command
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = defaultTimeout
	}
	return &client{cfg: cfg, vendor: v, now: time.Now}, nil
}

func knownCommands() string {
	names := make([]string, 0, len(vendors))
	for n := range vendors {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}
