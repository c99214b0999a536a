package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/war-room/war-room/engine/provider"
)

// A session's preflight checks every profile it will call before the first call: the key is
// accepted, the endpoint answers, the model exists (provider.Checker, through the vendor's
// model endpoint: no model is asked anything). A profile that fails stops the session before
// any model has spent; one that passed is not checked again for a day, in any session using
// the same store.

// preflightRecordKind is the store record kind of a passed preflight, one per endpoint and model.
const preflightRecordKind = "preflight"

// preflightLife is how long a passed preflight holds.
const preflightLife = 24 * time.Hour

// preflightTimeout bounds one profile's check: a model endpoint answers at once or not at all.
const preflightTimeout = 30 * time.Second

// PreflightError is a profile that failed its preflight; nothing was sent to any model.
type PreflightError struct {
	Profile, Model, Endpoint string
	Err                      error
}

func (e *PreflightError) Error() string {
	what := "its endpoint did not answer"
	var pe *provider.Error
	if errors.As(e.Err, &pe) {
		switch {
		case pe.Status == 401 || pe.Status == 403:
			what = "its API key was refused"
		case pe.Status == 404:
			what = fmt.Sprintf("its model %q does not exist there", e.Model)
		case pe.Status != 0:
			what = fmt.Sprintf("its endpoint answered %d", pe.Status)
		}
	}
	return fmt.Sprintf("profile %s failed its preflight at %s: %s (%v); no model was called. "+
		"Fix providers.%s (api_key_env, base_url, model), then war-room doctor checks it", e.Profile, e.Endpoint, what, e.Err, e.Profile)
}

func (e *PreflightError) Unwrap() error { return e.Err }

// passed is a preflight that passed, and when.
type passed struct {
	At time.Time `json:"at"`
}

// preflightOnce checks every disclosed profile before the run's first call: after the gates
// (a panel refused for its independence sends nothing, not even a check), before any spend.
// Calls made at once wait for the one check; a failed check is made again by the next call.
func (r *Run) preflightOnce(ctx context.Context) error {
	r.preflight.Lock()
	defer r.preflight.Unlock()
	if r.preflighted {
		return nil
	}
	r.disclosure.Lock()
	names := slices.Clone(r.checkBefore)
	r.disclosure.Unlock()
	if err := r.Preflight(ctx, names...); err != nil {
		return err
	}
	r.preflighted = true
	return nil
}

// Preflight checks the named profiles, in name order, and returns the first that fails. Profiles
// whose provider cannot be checked (the script provider, agent CLIs) and those checked within
// the last day pass as they are. A store that cannot say is no reason to stop: the profile is
// checked again.
func (r *Run) Preflight(ctx context.Context, profiles ...string) error {
	names := slices.Clone(profiles)
	slices.Sort(names)
	for _, name := range slices.Compact(names) {
		p, ok := r.cfg.Profiles[name]
		if !ok {
			continue // an unknown profile is the caller's to report, where it is called
		}
		ch, ok := p.Provider.(provider.Checker)
		if !ok {
			continue
		}
		key := strings.Join([]string{p.Type, p.Endpoint, p.Model}, "|")
		if raw, err := r.cfg.Store.GetRecord(ctx, preflightRecordKind, key); err == nil {
			var was passed
			if json.Unmarshal(raw, &was) == nil && r.Now().Sub(was.At) < preflightLife {
				continue
			}
		}
		cctx, cancel := context.WithTimeout(ctx, min(preflightTimeout, positive(p.Timeout)))
		err := ch.Check(cctx)
		cancel()
		switch {
		case err != nil && ctx.Err() != nil:
			return ctx.Err()
		case failsPreflight(err):
			return &PreflightError{Profile: p.Name, Model: p.Model, Endpoint: p.Endpoint, Err: err}
		case err != nil:
			continue // the endpoint answered, busy or failing for now: the call's own retries deal with that
		}
		raw, _ := json.Marshal(passed{At: r.Now()})
		_ = r.cfg.Store.PutRecord(context.WithoutCancel(ctx), preflightRecordKind, key, raw) // unkept: checked again next time
	}
	return nil
}

// failsPreflight says a check's error means the profile cannot work as configured: its key is
// refused (401, 403), its model is unknown (404), or its endpoint gave no answer at all. A
// busy or failing server (429, 5xx) answered, and is left to the call's retries.
func failsPreflight(err error) bool {
	var pe *provider.Error
	if err == nil || !errors.As(err, &pe) {
		return err != nil
	}
	switch pe.Status {
	case 0:
		return pe.Class == provider.ClassTransport // no HTTP answer
	case 401, 403, 404:
		return true
	}
	return false
}
