package main

import (
	"flag"
	"strings"
	"time"

	"github.com/war-room/war-room/bot"
	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine/limits"
)

// The serve ceilings' defaults: each stops a runaway command or configuration while leaving
// every protocol's defaults room to run (docs/app.md says why each is what it is).
const (
	defaultMaxSessionTokens = 2_000_000
	defaultMaxSessionUSD    = 20
	defaultMaxDailyTokens   = 20_000_000
	defaultMaxDailyUSD      = 200
	defaultMaxPasses        = 3
	defaultMaxRounds        = 5
	defaultMaxSeats         = 6
	defaultMaxContextBytes  = 1 << 20
	defaultMaxBaselineCalls = 10
	defaultForkPermission   = config.PermissionWrite
	defaultMaxCallTime      = 15 * time.Minute // a thinking model's long answer, with room
	defaultMaxSessionTime   = time.Hour
	defaultMaxWriteSpacing  = 10 * time.Second
	defaultMaxAttempts      = 4
)

// ceilingFlags are serve's bounds on what a repository's configuration and commands may
// spend; a repository cannot raise them. Zero removes a ceiling.
type ceilingFlags struct {
	sessionTokens, dailyTokens int64
	sessionUSD, dailyUSD       float64
	passes, rounds, seats      int64
	baselineCalls              int64
	contextBytes               int64
	forkPermission             string
	callTime, sessionTime      time.Duration
	writeSpacing               time.Duration
	attempts                   int64
}

func (c *ceilingFlags) register(fs *flag.FlagSet) {
	fs.Int64Var(&c.sessionTokens, "max-session-tokens", defaultMaxSessionTokens, "tokens one session or review lane may use, whatever its budget.max_tokens (0: no ceiling)")
	fs.Float64Var(&c.sessionUSD, "max-session-usd", defaultMaxSessionUSD, "USD one session or review lane may spend on priced profiles, whatever its budget.max_usd (0: no ceiling)")
	fs.Int64Var(&c.dailyTokens, "max-daily-tokens", defaultMaxDailyTokens, "tokens one installation's sessions and lanes may use in a UTC day, counted across replicas (0: no ceiling)")
	fs.Float64Var(&c.dailyUSD, "max-daily-usd", defaultMaxDailyUSD, "USD one installation's sessions and lanes may spend in a UTC day, counted across replicas (0: no ceiling)")
	fs.Int64Var(&c.passes, "max-passes", defaultMaxPasses, "the most reason --passes a command may ask for (0: no ceiling)")
	fs.Int64Var(&c.rounds, "max-rounds", defaultMaxRounds, "the most rounds a session may run: war-room's delphi.max_rounds, convene's --rounds (0: no ceiling)")
	fs.Int64Var(&c.seats, "max-seats", defaultMaxSeats, "the most seats a standing team may have (0: no ceiling)")
	fs.Int64Var(&c.baselineCalls, "max-baseline-calls", defaultMaxBaselineCalls, "the most ballots a --baseline vote may ask for; --baseline=matched counts as 32 (0: no ceiling)")
	fs.Int64Var(&c.contextBytes, "max-context-bytes", defaultMaxContextBytes, "the most bytes of question and context a session may have, and of a diff a review lane reads (0: no ceiling)")
	fs.DurationVar(&c.callTime, "max-call-time", defaultMaxCallTime, "the longest one model call may take, all its attempts together, whatever a repository's profile or protocol timeouts say; longer is clamped (0: no ceiling)")
	fs.DurationVar(&c.sessionTime, "max-session-time", defaultMaxSessionTime, "the longest one session's job may hold a worker; it then ends as a timeout (0: no ceiling)")
	fs.DurationVar(&c.writeSpacing, "max-write-spacing", defaultMaxWriteSpacing, "the most github.write_spacing a repository may set; longer is clamped (0: no ceiling)")
	fs.Int64Var(&c.attempts, "max-attempts", defaultMaxAttempts, "the most requests one model call may make, whatever a repository's profile says; more is clamped (0: no ceiling)")
	fs.StringVar(&c.forkPermission, "fork-permission", string(defaultForkPermission), "the permission a fork pull request's author needs for its review lanes to run; below it they wait for a /war-room review comment from someone who has it (read, triage, write, maintain or admin)")
}

// ceilingEnv is the environment variable a ceiling flag defaults from: WAR_ROOM_ and its name.
func ceilingEnv(name string) string {
	return "WAR_ROOM_" + strings.ToUpper(strings.ReplaceAll(name, "-", "_"))
}

// fromEnv gives each ceiling flag not set on the command line the value of its variable,
// when that is set: a deployment's environment file can hold them all.
func (c *ceilingFlags) fromEnv(fs *flag.FlagSet, e *env) error {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	var err error
	probe := flag.NewFlagSet("", flag.ContinueOnError)
	(&ceilingFlags{}).register(probe)
	probe.VisitAll(func(f *flag.Flag) {
		v := e.getenv(ceilingEnv(f.Name))
		if err != nil || set[f.Name] || v == "" {
			return
		}
		if serr := fs.Set(f.Name, v); serr != nil {
			err = usageErr("$%s: %v", ceilingEnv(f.Name), serr)
		}
	})
	return err
}

// check refuses a negative ceiling and an unknown permission.
func (c *ceilingFlags) check() error {
	for name, v := range map[string]float64{"max-session-tokens": float64(c.sessionTokens), "max-session-usd": c.sessionUSD,
		"max-daily-tokens": float64(c.dailyTokens), "max-daily-usd": c.dailyUSD, "max-passes": float64(c.passes),
		"max-rounds": float64(c.rounds), "max-seats": float64(c.seats), "max-context-bytes": float64(c.contextBytes),
		"max-baseline-calls": float64(c.baselineCalls),
		"max-call-time":      float64(c.callTime), "max-session-time": float64(c.sessionTime),
		"max-write-spacing": float64(c.writeSpacing), "max-attempts": float64(c.attempts)} {
		if v < 0 {
			return usageErr("--%s is %g: a ceiling is 0 (none) or more", name, v)
		}
	}
	if config.Permission(c.forkPermission).Rank() == 0 {
		return usageErr("--fork-permission %q: want read, triage, write, maintain or admin", c.forkPermission)
	}
	return nil
}

// ceilings are the flags as the bot applies them, each named by its flag for refusals.
func (c *ceilingFlags) ceilings() bot.Ceilings {
	return bot.Ceilings{
		Session: limits.Limits{
			Budget: limits.Budget{MaxTokens: c.sessionTokens, MaxUSD: c.sessionUSD,
				TokensBy: "war-room serve --max-session-tokens", USDBy: "war-room serve --max-session-usd"},
			Bounds: map[limits.Ceiling]limits.Limit{
				limits.CeilingPasses:        {Max: c.passes, By: "war-room serve --max-passes"},
				limits.CeilingRounds:        {Max: c.rounds, By: "war-room serve --max-rounds"},
				limits.CeilingSeats:         {Max: c.seats, By: "war-room serve --max-seats"},
				limits.CeilingContextBytes:  {Max: c.contextBytes, By: "war-room serve --max-context-bytes"},
				limits.CeilingBaselineCalls: {Max: c.baselineCalls, By: "war-room serve --max-baseline-calls"},
			},
			Calls: limits.CallLimits{Time: c.callTime, Attempts: int(c.attempts),
				TimeBy: "war-room serve --max-call-time", AttemptsBy: "war-room serve --max-attempts"}},
		Daily: limits.Budget{MaxTokens: c.dailyTokens, MaxUSD: c.dailyUSD,
			TokensBy: "war-room serve --max-daily-tokens", USDBy: "war-room serve --max-daily-usd"},
		WriteSpacing: c.writeSpacing, SessionTime: c.sessionTime,
	}
}
