package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/war-room/war-room/bot"
	"github.com/war-room/war-room/bot/queue"
	"github.com/war-room/war-room/bot/webhook"
	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/engine/redact"
	wr "github.com/war-room/war-room/internal/github"
	"github.com/war-room/war-room/internal/metrics"
	"github.com/war-room/war-room/internal/store"
	"github.com/war-room/war-room/session"
)

func init() {
	register(command{name: "serve", run: runServe})
}

// serveFlags are war-room serve's flags. Secrets are never flag values (a command line is
// visible to every user of the machine): they come from the environment or from files.
type serveFlags struct {
	addr, db, databaseURL  string
	appID, appSlug         string
	privateKey, secretFile string
	providerEnv            string
	workers                int
	leaseTTL               time.Duration
	allowLocal             bool
	allowBaseURLs          string
	writeSpacing           time.Duration
	envFile                string
	reg                    registerFlags
	logFormat              string
	ceilings               ceilingFlags
}

func (s *serveFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&s.addr, "addr", ":8080", "listen address; the webhook is POST /webhook, health GET /healthz, Prometheus metrics GET /metrics")
	fs.StringVar(&s.db, "db", "", "SQLite state file (default as for the CLI); the job queue is a second file beside it")
	fs.StringVar(&s.databaseURL, "database-url", "", "postgres://… URL of a PostgreSQL database for all state (sessions, steps, ledger, artifacts, records, leases, the job queue and its delivery dedupe) instead of SQLite, shared by every replica (default $WAR_ROOM_DATABASE_URL unless --db is given; use the variable when the URL holds a password, since a command line is visible to every user of the machine)")
	fs.StringVar(&s.appID, "app-id", "", "the GitHub App's ID (default $WAR_ROOM_APP_ID)")
	fs.StringVar(&s.appSlug, "app-slug", "", "the App's slug, so its comments are known as <slug>[bot] (default $WAR_ROOM_APP_SLUG, else asked of GET /app)")
	fs.StringVar(&s.privateKey, "private-key", "", "file holding the App's PEM private key (default: the PEM text in $WAR_ROOM_APP_PRIVATE_KEY)")
	fs.StringVar(&s.secretFile, "webhook-secret", "", "file holding the webhook secret (default: $WAR_ROOM_WEBHOOK_SECRET); required")
	fs.StringVar(&s.providerEnv, "provider-env", "", "comma-separated extra key variables a repository's api_key_env may read, each NAME=VENDOR (anthropic, openai, gemini or local) or NAME for a key of the local endpoint")
	fs.IntVar(&s.workers, "workers", queue.DefaultWorkers, "jobs run at once")
	fs.DurationVar(&s.leaseTTL, "lease-ttl", session.DefaultLeaseTTL, "life of the leases (renewed every third of it) that keep a session and a thread on one worker and tell replicas this process is alive; a killed process's jobs are taken over about one and a half of it later")
	fs.BoolVar(&s.allowLocal, "allow-local-providers", false, "let repository configurations use script and cli profiles, which read files and run programs on this server")
	fs.StringVar(&s.allowBaseURLs, "allow-base-url", "", "comma-separated provider endpoints a repository's profile may send requests (and this server's keys) to, besides each vendor's documented endpoints; profiles with no key too")
	fs.DurationVar(&s.writeSpacing, "write-spacing", wr.DefaultSpacing, "the least time between two writes to GitHub of one installation, all its repositories' together (GitHub asks for a second; 0: no pause, writes still one at a time); a repository's github.write_spacing spaces its own writes besides")
	fs.StringVar(&s.envFile, "env-file", "", "read the App's settings (WAR_ROOM_APP_ID, WAR_ROOM_APP_PRIVATE_KEY, WAR_ROOM_WEBHOOK_SECRET, …) from this NAME=VALUE file, as --register writes it; the environment wins over it")
	fs.BoolVar(&s.reg.on, "register", false, "register war-room as a GitHub App through GitHub's manifest flow: serve a page on --addr that creates it, then write its credentials to --env-file and exit")
	fs.StringVar(&s.reg.publicURL, "public-url", "", "with --register: the https address GitHub sends webhooks to (the App's webhook is its /webhook)")
	fs.StringVar(&s.reg.org, "org", "", "with --register: register the App under this organization instead of your account")
	fs.StringVar(&s.reg.name, "app-name", "war-room", "with --register: the App's name on GitHub (its comments appear as <slug>[bot])")
	fs.StringVar(&s.logFormat, "log-format", "json", "log lines on standard error as json (one object a line) or text (key=value)")
	s.ceilings.register(fs)
}

func runServe(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "serve", "[flags]")
	var sf serveFlags
	sf.register(fs)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usageErr("serve takes no arguments")
	}
	if s := sf.reg; s.on {
		if sf.envFile == "" {
			sf.envFile = "war-room.env"
		}
		sf.reg.envFile = sf.envFile
		log, err := sf.logger(e.stderr)
		if err != nil {
			return err
		}
		return sf.registerApp(ctx, e, log)
	}
	if sf.envFile != "" {
		vars, err := readEnvFile(sf.envFile)
		if err != nil {
			return exitErr(exitUsage, err)
		}
		outer := e.getenv
		withFile := *e
		withFile.getenv = func(k string) string {
			if v := outer(k); v != "" {
				return v
			}
			return vars[k]
		}
		e = &withFile
	}
	if err := sf.ceilings.fromEnv(fs, e); err != nil {
		return err
	}
	if err := sf.ceilings.check(); err != nil {
		return err
	}
	if err := checkProviderEnv(sf.providerEnv); err != nil {
		return err
	}
	secret, creds, err := sf.secrets(e)
	if err != nil {
		return err
	}
	log, err := sf.logger(e.stderr)
	if err != nil {
		return err
	}
	m := metrics.New()
	clients, err := bot.NewAppClients(ctx, creds, metrics.GitHubTransport(nil, m))
	if err != nil {
		return exitErr(exitUsage, err)
	}
	return sf.serve(ctx, e, log, m, clients, secret)
}

// logger writes JSON lines, or key=value text for a person watching a terminal.
func (s *serveFlags) logger(w io.Writer) (*slog.Logger, error) {
	switch s.logFormat {
	case "json":
		return slog.New(redact.Handler(slog.NewJSONHandler(w, nil))), nil
	case "text":
		return slog.New(redact.Handler(slog.NewTextHandler(w, nil))), nil
	}
	return nil, usageErr("--log-format %q: use json or text", s.logFormat)
}

// secrets reads the webhook secret and the App's credentials from files and the environment.
func (s *serveFlags) secrets(e *env) ([]byte, bot.AppCredentials, error) {
	c := bot.AppCredentials{APIURL: e.getenv("GITHUB_API_URL"), GraphQLURL: e.getenv("GITHUB_GRAPHQL_URL"),
		Slug: orEnv(s.appSlug, e, "WAR_ROOM_APP_SLUG")}
	secret, err := fileOrEnv(s.secretFile, e, "WAR_ROOM_WEBHOOK_SECRET")
	if err != nil || len(secret) == 0 {
		return nil, c, usageErr("a webhook secret is required (--webhook-secret FILE or $WAR_ROOM_WEBHOOK_SECRET): without one anyone could send deliveries%s", errSuffix(err))
	}
	id, err := strconv.ParseInt(orEnv(s.appID, e, "WAR_ROOM_APP_ID"), 10, 64)
	if err != nil || id <= 0 {
		return nil, c, usageErr("the App ID is required (--app-id or $WAR_ROOM_APP_ID), a positive number")
	}
	c.AppID = id
	if c.PrivateKey, err = fileOrEnv(s.privateKey, e, "WAR_ROOM_APP_PRIVATE_KEY"); err != nil || len(c.PrivateKey) == 0 {
		return nil, c, usageErr("the App's private key is required (--private-key FILE or $WAR_ROOM_APP_PRIVATE_KEY)%s", errSuffix(err))
	}
	// A PEM squeezed onto one line (an env file cannot hold newlines) keeps them as \n.
	if !strings.Contains(string(c.PrivateKey), "\n") {
		c.PrivateKey = []byte(strings.ReplaceAll(string(c.PrivateKey), `\n`, "\n"))
	}
	return secret, c, nil
}

// serve runs the queue and the HTTP server until ctx ends, then stops them in order: no
// new deliveries, then running jobs finish (or are cancelled after the grace and retried at
// the next start), then the files close.
func (s *serveFlags) serve(ctx context.Context, e *env, log *slog.Logger, m *metrics.Metrics, clients *bot.AppClients, secret []byte) error {
	target, err := (&commonFlags{db: s.db, databaseURL: s.databaseURL}).target(e)
	if err != nil {
		return err
	}
	st, err := store.Open(ctx, target)
	if err != nil {
		return err
	}
	defer st.Close()
	writes := wr.Options{Spacing: s.writeSpacing, Warn: func(msg string) { log.Warn("github: " + msg) }, Retried: m.GitHubRetry}
	if queue.IsPostgresURL(target) {
		// Replicas share the database: each installation's writes keep their spacing
		// whichever replica sends them.
		writes.Limiter = wr.StoreLimiter{Store: st}
	}
	clients.UseWrites(writes)
	name := workerName()
	// One repository holds at most half the workers (one of two): a hung endpoint costs its
	// own repository, and another repository's command still finds a worker.
	w := &bot.DeliveryWorker{Clients: clients, Base: s.deps(e, st, log, name), RepoShare: max(1, s.workers/2)}
	w.Base.Events = m
	q, err := s.openQueue(ctx, target, w, st, name, log, m)
	if err != nil {
		return err
	}
	defer q.Close()
	hook, err := webhook.New(secret, q, bot.HandledEvents(bot.AppHandlers(&bot.Deps{})), bot.Unwanted, log)
	if err != nil {
		return exitErr(exitUsage, err)
	}
	hook.Observer = m
	ln, err := net.Listen("tcp", s.addr)
	if err != nil {
		return exitErr(exitUsage, fmt.Errorf("listen on %s: %w", s.addr, err))
	}
	if err := q.Start(context.WithoutCancel(ctx)); err != nil {
		ln.Close()
		return fmt.Errorf("start the job queue: %w", err)
	}
	log.Info("serving", "addr", ln.Addr().String(), "app", clients.Login(), "state", store.Describe(target))
	srv := &http.Server{Handler: serveMux(hook, m.Handler()), ReadHeaderTimeout: 10 * time.Second, ReadTimeout: time.Minute, WriteTimeout: time.Minute}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err = <-served:
	case <-ctx.Done():
	}
	return shutdown(srv, q, log, err)
}

func shutdown(srv *http.Server, q *queue.Queue, log *slog.Logger, served error) error {
	log.Info("shutting down")
	ctx, cancel := context.WithTimeout(context.Background(), queue.DefaultStopGrace+15*time.Second)
	defer cancel()
	herr := srv.Shutdown(ctx)
	qerr := q.Stop(ctx)
	if errors.Is(served, http.ErrServerClosed) {
		served = nil
	}
	return errors.Join(served, herr, qerr)
}

func serveMux(hook, metrics http.Handler) *http.ServeMux {
	mux := http.NewServeMux()
	mux.Handle("/webhook", hook)
	mux.Handle("GET /metrics", metrics)
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprintln(w, "ok")
	})
	return mux
}

// openQueue opens River where the state is: in the same PostgreSQL database, else in a SQLite
// file beside the state file (war-room.db → war-room-queue.db).
// Its heartbeat and the sweep for jobs of dead processes keep their leases in the state
// store st.
func (s *serveFlags) openQueue(ctx context.Context, target string, w queue.Worker, st engine.Store, name string, log *slog.Logger, jobs queue.Observer) (*queue.Queue, error) {
	cfg := queue.Config{Workers: s.workers, Log: log, ID: name, Observer: jobs, Liveness: &queue.Liveness{TTL: s.leaseTTL,
		OpenStore: func(context.Context) (engine.Store, error) { return sharedStore{st}, nil }}}
	if queue.IsPostgresURL(target) {
		return queue.OpenPostgres(ctx, target, w, cfg)
	}
	path := strings.TrimSuffix(target, filepath.Ext(target)) + "-queue.db"
	return queue.OpenSQLite(ctx, path, w, cfg)
}

// deps is what every job starts from: the Action's grammar, the shared state store, and a
// repository configuration checked and given only the environment it may read.
func (s *serveFlags) deps(e *env, store engine.Store, log *slog.Logger, name string) bot.Deps {
	keys, _ := parseProviderEnv(s.providerEnv) // checked when serve started
	d := bot.Deps{Grammar: actionGrammar(), Getenv: providerEnv(e.getenv, keys), Now: time.Now, Log: log,
		Holder: name, LeaseTTL: s.leaseTTL,
		Ceilings: s.ceilings.ceilings(), ForkPermission: config.Permission(s.ceilings.forkPermission),
		Settings:  bot.Settings{Publish: true, Review: true},
		OpenStore: func(context.Context) (engine.Store, error) { return sharedStore{store}, nil }}
	policy := newKeyPolicy(keys, e.getenv(localDetection().BaseURLEnv), strings.Split(s.allowBaseURLs, ","))
	d.CheckConfig = func(cfg *config.Config) error {
		if !s.allowLocal {
			if err := refuseLocalProviders(cfg); err != nil {
				return err
			}
		}
		return policy.check(cfg)
	}
	return d
}

// sharedStore is the process's one store handed to each session; a session's Close must
// not close it for the others.
type sharedStore struct{ engine.Store }

func (sharedStore) Close() error { return nil }

// PutStepWithLedger keeps the shared store's one-transaction step write visible to the engine.
func (s sharedStore) PutStepWithLedger(ctx context.Context, sessionID, key string, result []byte, entries []*ledger.Entry) error {
	return engine.PutStepWithLedger(ctx, s.Store, sessionID, key, result, entries)
}

// refuseLocalProviders refuses script and cli profiles: in the App the configuration is
// written by whoever installed it, and those types read files and run programs here.
func refuseLocalProviders(cfg *config.Config) error {
	for name, p := range cfg.Providers {
		if v, _ := provider.Lookup(string(p.Type)); v.Local {
			return fmt.Errorf("providers.%s: %s profiles are not allowed on this war-room App server (they read files or run programs on it); use a profile that calls a vendor's API (%s)", name, p.Type, strings.Join(httpTypes(), " or "))
		}
	}
	return nil
}

// httpTypes are the provider types whose profiles call an API over HTTP.
func httpTypes() []string {
	var out []string
	for _, t := range provider.Types() {
		if v, _ := provider.Lookup(t); v.OverHTTP {
			out = append(out, t)
		}
	}
	return out
}

func orEnv(v string, e *env, name string) string {
	if v != "" {
		return v
	}
	return e.getenv(name)
}

// fileOrEnv reads a secret from a file, else from an environment variable; a trailing newline
// of the file is not part of it.
func fileOrEnv(path string, e *env, name string) ([]byte, error) {
	if path == "" {
		return []byte(e.getenv(name)), nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return []byte(strings.TrimRight(string(b), "\r\n")), nil
}

func errSuffix(err error) string {
	if err == nil {
		return ""
	}
	return " (" + err.Error() + ")"
}

// workerName names this process in the leases that keep a session on one worker at a time.
func workerName() string {
	host, _ := os.Hostname()
	if len(host) > 60 {
		host = host[:60] // River's client id is at most 100 bytes
	}
	return fmt.Sprintf("%s/%d/%s", host, os.Getpid(), engine.NewSessionID()[3:11])
}
