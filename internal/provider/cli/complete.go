package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"github.com/war-room/war-room/engine/provider"
)

// Complete runs the CLI once with req's prompt on stdin and parses its JSON output.
//
// Errors: class invalid-request when the binary cannot be found; class refused when the CLI's
// own result says the model refused; class transport for everything else — timeout,
// cancellation, a kill, a non-zero exit, and output that is malformed or empty — with a short
// tail of stderr and never the prompt.
func (c *client) Complete(ctx context.Context, req provider.Request) (provider.Response, error) {
	if _, err := exec.LookPath(c.cfg.Binary); err != nil {
		return provider.Response{}, provider.Errorf(provider.ClassInvalidRequest, 0, "%s: %v", c.cfg.Command, err)
	}
	dir, cleanup, err := c.workDir()
	if err != nil {
		return provider.Response{}, &provider.Error{Class: provider.ClassTransport, Err: err}
	}
	defer cleanup()
	env, cleanEnv, err := c.env()
	if err != nil {
		return provider.Response{}, &provider.Error{Class: provider.ClassTransport, Err: err}
	}
	defer cleanEnv()

	runCtx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	start := c.now()
	model := req.Model
	if model == "" {
		model = c.cfg.Model
	}
	args := c.vendor.args(model, req.Effort)
	p, err := execute(runCtx, c.cfg.Binary, args, dir, env, prompt(req))
	if err := c.runFailure(ctx, runCtx, p, err); err != nil {
		return provider.Response{}, err
	}
	resp, err := c.vendor.parse(p.stdout)
	if err != nil {
		return provider.Response{}, c.withStderr(err, p)
	}
	if p.exitCode != 0 {
		return provider.Response{}, c.transport(p.exitCode, "exited with status %d%s", p.exitCode, tail(p.stderr))
	}
	if resp.Model == "" {
		resp.Model = model
	}
	resp.Latency = c.now().Sub(start)
	return resp, nil
}

// runFailure classifies what went wrong with the process itself, before its output is read.
func (c *client) runFailure(parent, run context.Context, p proc, err error) error {
	switch {
	case parent.Err() != nil:
		return &provider.Error{Class: provider.ClassTransport,
			Err: fmt.Errorf("%s: cancelled: %w", c.cfg.Command, parent.Err())}
	case run.Err() != nil:
		return &provider.Error{Class: provider.ClassTransport,
			Err: fmt.Errorf("%s: timed out after %s: %w", c.cfg.Command, c.cfg.Timeout, run.Err())}
	case err != nil:
		return &provider.Error{Class: provider.ClassTransport, Err: fmt.Errorf("%s: %w", c.cfg.Command, err)}
	case p.exitCode < 0:
		return c.transport(0, "killed by a signal%s", tail(p.stderr))
	case p.exitCode != 0 && len(strings.TrimSpace(string(p.stdout))) == 0:
		return c.transport(p.exitCode, "exited with status %d%s", p.exitCode, tail(p.stderr))
	}
	return nil
}

// withStderr adds context to a parse failure: a refusal stays a refusal, anything else is
// transport with the exit status and stderr tail.
func (c *client) withStderr(err error, p proc) error {
	var pe *provider.Error
	if errors.As(err, &pe) && pe.Class == provider.ClassRefused {
		return &provider.Error{Class: pe.Class, Status: p.exitCode, Err: fmt.Errorf("%s: %w", c.cfg.Command, pe.Err)}
	}
	return c.transport(p.exitCode, "%v%s", err, tail(p.stderr))
}

func (c *client) transport(status int, format string, args ...any) *provider.Error {
	return provider.Errorf(provider.ClassTransport, status, c.cfg.Command+": "+format, args...)
}

// env is the child's environment, with the files its settings need written to a scratch
// directory of their own (never the working directory, which stays empty) that cleanup
// removes.
func (c *client) env() ([]string, func(), error) {
	env := scrubbedEnv(osLookupEnv, c.vendor, c.cfg.APIKey, nil)
	if c.vendor.settings == nil {
		return append(env, c.cfg.Env...), func() {}, nil
	}
	dir, err := os.MkdirTemp("", "war-room-cli-settings-*")
	if err != nil {
		return nil, nil, fmt.Errorf("settings dir: %w", err)
	}
	vars, err := c.vendor.settings(dir)
	if err != nil {
		_ = os.RemoveAll(dir)
		return nil, nil, err
	}
	return append(append(env, vars...), c.cfg.Env...), func() { _ = os.RemoveAll(dir) }, nil
}

// workDir returns the configured directory, or a fresh empty one that cleanup removes.
func (c *client) workDir() (string, func(), error) {
	if c.cfg.WorkDir != "" {
		return c.cfg.WorkDir, func() {}, nil
	}
	dir, err := os.MkdirTemp("", "war-room-cli-work-*")
	if err != nil {
		return "", nil, fmt.Errorf("work dir: %w", err)
	}
	return dir, func() { _ = os.RemoveAll(dir) }, nil
}

func tail(stderr string) string {
	s := strings.TrimSpace(stderr)
	if s == "" {
		return ""
	}
	return "; stderr: …" + s
}
