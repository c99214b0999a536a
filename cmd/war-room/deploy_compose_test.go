package main

import (
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/war-room/war-room/internal/pgtest"
	"github.com/war-room/war-room/internal/store/postgres"
)

// composeFile is what these tests read of deploy/docker-compose.yml.
type composeFile struct {
	Services map[string]composeService `yaml:"services"`
	Secrets  map[string]struct {
		File string `yaml:"file"`
	} `yaml:"secrets"`
}

type composeService struct {
	Image string `yaml:"image"`
	Build struct {
		Context string `yaml:"context"`
		Target  string `yaml:"target"`
	} `yaml:"build"`
	Command     []string          `yaml:"command"`
	Environment map[string]string `yaml:"environment"`
	Secrets     []string          `yaml:"secrets"`
	Ports       []string          `yaml:"ports"`
	DependsOn   map[string]struct {
		Condition string `yaml:"condition"`
	} `yaml:"depends_on"`
	Healthcheck struct {
		Test []string `yaml:"test"`
	} `yaml:"healthcheck"`
}

const composePath = "../../deploy/docker-compose.yml"

func readCompose(t *testing.T) composeFile {
	t.Helper()
	raw, err := os.ReadFile(composePath)
	if err != nil {
		t.Fatal(err)
	}
	var c composeFile
	if err := yaml.Unmarshal(raw, &c); err != nil {
		t.Fatalf("%s: %v", composePath, err)
	}
	return c
}

// replicas are the services that run war-room serve, by name.
func (c composeFile) replicas() []string {
	var out []string
	for name, s := range c.Services {
		if len(s.Command) > 0 && s.Command[0] == "serve" {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// serveReads is every environment variable war-room serve reads, found by running its own
// readers over a recording environment, with the PostgreSQL driver's password file beside
// them.
func serveReads(t *testing.T) []string {
	t.Helper()
	var read []string
	e, _, _ := testEnv(nil)
	e.getenv = func(name string) string {
		read = append(read, name)
		return map[string]string{"WAR_ROOM_APP_ID": "7", "WAR_ROOM_DATABASE_URL": "postgres://h/db"}[name] + "x"
	}
	var sf serveFlags
	sf.secrets(e)
	(&commonFlags{}).target(e)
	keys, _ := parseProviderEnv("")
	for name := range keys {
		read = append(read, name)
	}
	read = append(read, providerSettings()...)
	return append(read, "PGPASSFILE")
}

// Docker is not available to the tests, so the compose file is checked as data: PostgreSQL
// with a readiness check, three replicas of the App image's `serve` that wait for it, each
// with the flags serve takes, the variables serve reads, one shared database URL without a
// password, secrets only from mounted files or the starting environment, and a health check
// that is the image's own probe on the address serve listens on.
func TestComposeRunsThreeReplicasOnOnePostgres(t *testing.T) {
	c := readCompose(t)
	pg, ok := c.Services["postgres"]
	if !ok || !strings.HasPrefix(pg.Image, "postgres:") || !slices.Contains(pg.Healthcheck.Test, "pg_isready") {
		t.Fatalf("postgres service: %+v", pg)
	}
	checkSecretRefs(t, c, "postgres", pg.Environment["POSTGRES_PASSWORD_FILE"])
	replicas := c.replicas()
	if len(replicas) != 3 {
		t.Fatalf("replicas %v, want three", replicas)
	}
	dockerfile, err := os.ReadFile("../../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	reads := serveReads(t)
	dbURLs, ports := map[string]bool{}, map[string]bool{}
	for _, name := range replicas {
		s := c.Services[name]
		if s.Build.Target != "app" || !regexp.MustCompile(`(?m)^FROM scratch AS app$`).Match(dockerfile) {
			t.Errorf("%s: build target %q, want the Dockerfile's app stage", name, s.Build.Target)
		}
		if s.DependsOn["postgres"].Condition != "service_healthy" {
			t.Errorf("%s starts before PostgreSQL is ready: %+v", name, s.DependsOn)
		}
		sf := checkServeCommand(t, c, name)
		if want := []string{"CMD", "/war-room", "health", "--addr", sf.addr}; !slices.Equal(s.Healthcheck.Test, want) {
			t.Errorf("%s: healthcheck %v, want %v", name, s.Healthcheck.Test, want)
		}
		for k, v := range s.Environment {
			switch {
			case !slices.Contains(reads, k):
				t.Errorf("%s: war-room serve does not read %s", name, k)
			case k == "PGPASSFILE":
				checkSecretRefs(t, c, name, v)
			case k == "WAR_ROOM_DATABASE_URL":
				dbURLs[v] = true
			case slices.Contains(appSecrets, k) || builtinKeys()[k] != "":
				if !strings.HasPrefix(v, "${"+k) {
					t.Errorf("%s: %s is written in the file (%q), not taken from the starting environment", name, k, v)
				}
			}
		}
		ports[strings.Join(s.Ports, ",")] = true
	}
	if len(dbURLs) != 1 {
		t.Fatalf("the replicas name %d databases, want one shared: %v", len(dbURLs), dbURLs)
	}
	for raw := range dbURLs {
		u, err := url.Parse(raw)
		if err != nil || !postgres.IsURL(raw) || u.Hostname() != "postgres" {
			t.Errorf("database URL %q: want postgres:// on the postgres service", raw)
		} else if _, set := u.User.Password(); set {
			t.Errorf("database URL %q holds a password", raw)
		}
	}
	if len(ports) != 3 {
		t.Errorf("the replicas publish ports %v, want one each", ports)
	}
	for _, later := range replicas[1:] {
		if c.Services[later].DependsOn[replicas[0]].Condition != "service_healthy" {
			t.Errorf("%s does not wait for %s, which migrates a new database first", later, replicas[0])
		}
	}
}

// checkServeCommand parses a replica's command with serve's own flags and checks that every
// file it names is a secret mounted in that service.
func checkServeCommand(t *testing.T, c composeFile, name string) serveFlags {
	t.Helper()
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var sf serveFlags
	sf.register(fs)
	if err := fs.Parse(c.Services[name].Command[1:]); err != nil || fs.NArg() > 0 {
		t.Fatalf("%s: command %v: %v (args %v)", name, c.Services[name].Command, err, fs.Args())
	}
	if sf.privateKey == "" || sf.secretFile == "" {
		t.Errorf("%s: the App's key and webhook secret are not read from files", name)
	}
	checkSecretRefs(t, c, name, sf.privateKey, sf.secretFile)
	return sf
}

// checkSecretRefs checks that each path is /run/secrets/NAME for a secret the service mounts
// and the file declares from a file under deploy/secrets, which git ignores.
func checkSecretRefs(t *testing.T, c composeFile, service string, paths ...string) {
	t.Helper()
	ignore, err := os.ReadFile("../../.gitignore")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		secret, ok := strings.CutPrefix(p, "/run/secrets/")
		switch decl := c.Secrets[secret]; {
		case !ok || !slices.Contains(c.Services[service].Secrets, secret):
			t.Errorf("%s: %q is not a secret the service mounts", service, p)
		case !strings.HasPrefix(decl.File, "./secrets/"):
			t.Errorf("secret %s comes from %q, want a file under deploy/secrets", secret, decl.File)
		case !strings.Contains(string(ignore), "/deploy/secrets/"):
			t.Error("git does not ignore deploy/secrets")
		}
	}
}

// composeVar is a ${NAME}, ${NAME:-default} or ${NAME:?message} in the compose file.
var composeVar = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)(?::([-?])([^}]*))?\}`)

// expandCompose does what compose does to a value before the container sees it, with start as
// the environment compose was started with.
func expandCompose(t *testing.T, v string, start map[string]string) string {
	t.Helper()
	return composeVar.ReplaceAllStringFunc(v, func(m string) string {
		p := composeVar.FindStringSubmatch(m)
		switch got := start[p[1]]; {
		case got != "":
			return got
		case p[2] == "?":
			t.Fatalf("compose would refuse to start without %s: %s", p[1], p[3])
		}
		return p[3]
	})
}

// Each replica, started with its command and environment exactly as compose hands them to
// the container (the ${…} forms expanded, the mounted secrets at a temporary path, the
// database host moved to the test server), serves: it verifies a delivery with the webhook
// secret from its file, stores the job in PostgreSQL, and passes its health check as written.
func TestComposeReplicaServesAsWritten(t *testing.T) {
	c := readCompose(t)
	w := newAppWorld(t)
	files := newAppFiles(t)
	testDB, err := url.Parse(pgtest.Schema(t))
	if err != nil {
		t.Fatal(err)
	}
	secrets := t.TempDir()
	for name, from := range map[string]string{"app_private_key": files.key, "webhook_secret": files.secret} {
		raw, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(secrets, name), string(raw))
	}
	writeFile(t, filepath.Join(secrets, "pgpass"), "*:*:*:*:unused-with-trust-auth\n")
	start := map[string]string{"WAR_ROOM_APP_ID": "7", "WAR_ROOM_APP_SLUG": "war-room", "GITHUB_API_URL": w.f.URL()}
	local := func(v string) string {
		return strings.ReplaceAll(expandCompose(t, v, start), "/run/secrets/", secrets+"/")
	}

	for i, name := range c.replicas() {
		s := c.Services[name]
		env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + files.dir}
		var dbURL string
		for k, v := range s.Environment {
			v = local(v)
			if k == "WAR_ROOM_DATABASE_URL" {
				u, err := url.Parse(v)
				if err != nil {
					t.Fatal(err)
				}
				q := u.Query()
				q.Set("search_path", testDB.Query().Get("search_path"))
				u.User, u.Host, u.Path, u.RawQuery = testDB.User, testDB.Host, testDB.Path, q.Encode()
				v, dbURL = u.String(), u.String()
			}
			env = append(env, k+"="+v)
		}
		args := slices.Clone(s.Command)
		for j := range args {
			args[j] = local(args[j])
			if j > 0 && args[j-1] == "--addr" {
				args[j] = "127.0.0.1:0"
			}
		}
		cmd := exec.Command(actionBinary, args...)
		cmd.Env = env
		srv := launchServe(t, cmd)
		n := w.f.AddIssue(aRepo, 0, "Q", "b", "alice")
		body := "/war-room Should we?"
		id := fmt.Sprintf("d-compose-%d", i)
		if got := srv.deliver("issue_comment", id, appEvent(t, w, n, w.comment("alice", n, body), body), appSecret); got != http.StatusAccepted {
			t.Fatalf("%s: delivery %d, want 202\n%s", name, got, srv.log())
		}
		if pgJobState(t, dbURL, id) == "" {
			t.Errorf("%s: the delivery is not in PostgreSQL", name)
		}
		probe := slices.Clone(s.Healthcheck.Test[2:])
		probe[slices.Index(probe, "--addr")+1] = strings.TrimPrefix(srv.url, "http://")
		if out, err := exec.Command(actionBinary, probe...).CombinedOutput(); err != nil {
			t.Errorf("%s: healthcheck %v: %v\n%s", name, probe, err, out)
		}
		if code := srv.stop(); code != 0 {
			t.Errorf("%s: exit %d after SIGTERM\n%s", name, code, srv.log())
		}
	}
}
