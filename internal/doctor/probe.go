package doctor

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
)

// Options tune a probe run.
type Options struct {
	// Now is the clock that times the calls (default time.Now).
	Now func() time.Time
	// FromEnvironment says the profiles were built from environment variables, not a file:
	// a fix naming a profile key then says where such a key can be set.
	FromEnvironment bool
	// All says the profiles are every one configured (not a few named): the report then says
	// what one family means for the panels they make.
	All bool
	// Learn, when set, keeps a setting the vendor refused (engine.LearnRefusal), so that
	// sessions send what the model takes; an error is reported in the fix, never fatal.
	Learn func(p *engine.Profile, param, value string, err error) error
	// Progress, when set, hears each profile as its probe starts, for a person waiting.
	Progress func(msg string)
}

// contextSizer is the optional ability of an adapter to ask its server how much context it
// gives the model (openai.Client does, for local servers).
type contextSizer interface {
	ContextSize(ctx context.Context) (tokens int, source string)
}

// Run probes every profile, in name order. It never fails as a whole: what went wrong with a
// profile is in its row.
func Run(ctx context.Context, ps engine.Profiles, o Options) report {
	if o.Now == nil {
		o.Now = time.Now
	}
	var rep report
	for i, name := range ps.Names() {
		if o.Progress != nil {
			o.Progress(fmt.Sprintf("probing %s (%d of %d): %s at %s", name, i+1, len(ps), ps[name].Model, ps[name].Endpoint))
		}
		row := probe(ctx, ps[name], o)
		if o.FromEnvironment {
			for i, c := range row.Checks {
				if strings.Contains(c.Fix, "providers."+row.Profile) {
					row.Checks[i].Fix += envFix
				}
			}
		}
		rep.Rows = append(rep.Rows, row)
	}
	for _, p := range ps {
		if o.All && !slices.Contains(rep.Families, p.Family) {
			rep.Families = append(rep.Families, p.Family)
		}
	}
	slices.Sort(rep.Families)
	return rep
}

// question is the probe's prompt: short, with an answer that is easy to check.
const (
	probeSystem   = "You are checking that a connection works."
	probeQuestion = "Reply with the single word: ready"
)

// prober is one profile's probe in progress.
type prober struct {
	p   *engine.Profile
	o   Options
	row Row
	req provider.Request
	// first is the answer that settled the first checks.
	first provider.Response
}

func probe(ctx context.Context, p *engine.Profile, o Options) Row {
	pr := &prober{p: p, o: o, row: Row{Profile: p.Name, Type: p.Type, Model: p.Model, Family: p.Family}}
	if p.SettingsInferred {
		pr.row.Inferred = p.Settings
	}
	pr.req = firstRequest(p)
	answer, effort, thinking := pr.answer(ctx)
	pr.add(answer, effort, thinking)
	if answer.Status == OK {
		pr.add(pr.cache(ctx), pr.context(ctx))
	} else {
		pr.add(Check{Name: checkCache, Status: na}, pr.context(ctx))
	}
	return pr.row
}

func (pr *prober) add(cs ...Check) { pr.row.Checks = append(pr.row.Checks, cs...) }

// firstRequest is the probe's first call: the profile's top effort level and its thinking, so
// that one call settles all three when everything works; on Anthropic a cacheable prefix too.
func firstRequest(p *engine.Profile) provider.Request {
	req := provider.Request{System: probeSystem, User: probeQuestion, Model: p.Model,
		Effort: topEffort(p.EffortLevels), Thinking: p.Thinking, MaxTokens: 1024, Role: "doctor"}
	if req.Thinking == provider.ThinkingAdaptive {
		req.MaxTokens = 4096
	}
	if cached(p) {
		req.User = cachePrefix + probeQuestion
		req.CacheBreaks = []int{len(cachePrefix)}
	}
	return req
}

func topEffort(levels []provider.Effort) provider.Effort {
	var top provider.Effort
	for _, l := range levels {
		if provider.Rung(l) > provider.Rung(top) {
			top = l
		}
	}
	return top
}

// call makes one request within the profile's timeout, counting its time and cost.
func (pr *prober) call(ctx context.Context, req provider.Request) (provider.Response, error) {
	if pr.p.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, pr.p.Timeout)
		defer cancel()
	}
	start := pr.o.Now()
	resp, err := pr.p.Provider.Complete(ctx, req)
	pr.row.Calls++
	pr.row.Latency += pr.o.Now().Sub(start)
	if usd, ok := pr.p.Cost(resp.Usage); ok {
		pr.row.CostUSD, pr.row.Priced = pr.row.CostUSD+usd, true
	}
	if err == nil && strings.TrimSpace(resp.Text) == "" {
		err = errors.New("the answer was empty")
	}
	return resp, err
}

// answer makes the first call and, when the vendor rejects the effort or the thinking, tries
// again without the rejected setting, so that a plain answer is still settled.
func (pr *prober) answer(ctx context.Context) (answer, effort, thinking Check) {
	effort, thinking = pr.effortCheck(), pr.thinkingCheck()
	for {
		resp, err := pr.call(ctx, pr.req)
		var pe *provider.Error
		errors.As(err, &pe)
		switch {
		case err == nil:
			pr.first = resp
			return Check{Name: checkAnswer, Status: OK}, effort, thinking
		case pe != nil && pe.Status == http.StatusTooManyRequests && pe.Class != provider.ClassQuota:
			// The vendor limited the rate just now: the key, the model and the endpoint are
			// right, and a session waits as the vendor asks and goes on.
			detail := "rate-limited just now"
			if pe.RetryAfter > 0 {
				detail += fmt.Sprintf(" (retry after %s)", pe.RetryAfter)
			}
			return Check{Name: checkAnswer, Status: warned, Detail: detail,
					Fix: "nothing to set: the profile serves, and a session waits out the vendor's limit; run doctor again later to check effort and thinking"},
				unsettled(effort), unsettled(thinking)
		case pe != nil && pe.Param == provider.ParamEffort && pr.req.Effort != "":
			effort = pr.rejected(checkEffort, fmt.Sprintf("%q rejected", pr.req.Effort), err,
				"set providers."+pr.p.Name+".effort_levels to the levels the model accepts, or [] to send none"+pr.learn("effort", string(pr.req.Effort), err))
			pr.req.Effort = ""
		case pe != nil && pe.Param == provider.ParamThinking && pr.req.Thinking == provider.ThinkingAdaptive:
			thinking = pr.rejected(checkThinking, "adaptive rejected", err, "set providers."+pr.p.Name+".thinking: off"+
				pr.learn("thinking", string(pr.req.Thinking), err))
			pr.req.Thinking, pr.req.MaxTokens = provider.ThinkingOff, 1024
		default:
			return Check{Name: checkAnswer, Status: failed, Detail: short(err), Fix: fixFor(pr.p.Name, err)},
				unsettled(effort), unsettled(thinking)
		}
	}
}

// unsettled is a check the failed answer left open: what was refused stays refused.
func unsettled(c Check) Check {
	if c.Status == OK {
		c.Status = unknown
	}
	return c
}

func (pr *prober) rejected(name, detail string, err error, fix string) Check {
	return Check{Name: name, Status: failed, Detail: detail + ": " + short(err), Fix: fix}
}

func (pr *prober) effortCheck() Check {
	if pr.req.Effort == "" { // nothing to refuse: the model is sent no effort at all
		return Check{Name: checkEffort, Status: OK, Detail: "none sent"}
	}
	return Check{Name: checkEffort, Status: OK, Detail: string(pr.req.Effort)}
}

func (pr *prober) thinkingCheck() Check {
	if pr.req.Thinking != provider.ThinkingAdaptive {
		return Check{Name: checkThinking, Status: na, Detail: "off"}
	}
	return Check{Name: checkThinking, Status: OK, Detail: "adaptive"}
}

// fixFor names the key most likely to fix a failed plain answer.
func fixFor(profile string, err error) string {
	var pe *provider.Error
	errors.As(err, &pe)
	key := "providers." + profile
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return key + ".timeout (or check the endpoint is up)"
	case pe == nil:
		return key
	case pe.Status == http.StatusUnauthorized || pe.Status == http.StatusForbidden:
		return key + ".api_key_env (a valid key for this endpoint)"
	case pe.Status == http.StatusNotFound:
		return key + ".model (a model this endpoint serves)"
	case pe.Class == provider.ClassTruncated:
		return key + ".max_tokens"
	case pe.Class == provider.ClassQuota:
		return "the account's billing or spend limit (no key can fix it)"
	case pe.Class == provider.ClassTransport && pe.Status == 0:
		return key + ".base_url (is the server running?)"
	}
	return key
}

// short is an error cut to one line for a table cell.
func short(err error) string {
	s := strings.Join(strings.Fields(err.Error()), " ")
	if len(s) > 160 {
		s = s[:160] + "…"
	}
	return s
}

// envFix says where a profile key goes when the profile came from environment variables.
const envFix = " — this profile is built from environment variables, which set no such key: write the profile into a " +
	"configuration file (--config FILE, or .github/war-room.yml) with its type, model, family and base_url, and this key"

// learn keeps a refusal for the sessions to come, and says so after the fix.
func (pr *prober) learn(param, value string, err error) string {
	if pr.o.Learn == nil {
		return ""
	}
	if lerr := pr.o.Learn(pr.p, param, value, err); lerr != nil {
		return fmt.Sprintf(" (the refusal could not be recorded: %v)", lerr)
	}
	return fmt.Sprintf("; recorded meanwhile: sessions on this store send this model no %s", param)
}
