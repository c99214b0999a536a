package bot

import (
	"context"
	"errors"
	"strings"
	"testing"
)

func TestLoadConfig(t *testing.T) {
	f, g := newTestGitHub(t)
	repo := Repo{Owner: testOwner, Name: testRepoName}
	f.PutFile(testRepo, "main", ".github/war-room.yml", "version: 1\nproviders:\n  claude: {type: anthropic, model: m, family: anthropic, api_key_env: ANTHROPIC_API_KEY}\ngithub:\n  trigger: {min_permission: maintain}\n")
	f.PutFile(testRepo, "main", "bad.yml", "version: 1\ngithub:\n  trigger:\n    min_permision: admin\n")
	f.PutFile(testRepo, "feature", ".github/war-room.yml", "version: 1\ngithub:\n  trigger: {min_permission: read}\n")
	env := func(k string) string { return map[string]string{"OPENAI_API_KEY": "sk-test"}[k] }
	noEnv := func(string) string { return "" }
	ctx := context.Background()

	cfg, err := g.LoadConfig(ctx, repo, "main", ".github/war-room.yml", env)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.GitHub.Trigger.MinPermission != "maintain" || cfg.Note != "" || len(cfg.Providers) != 1 {
		t.Errorf("file read wrongly: min %q, note %q, providers %v", cfg.GitHub.Trigger.MinPermission, cfg.Note, cfg.Providers)
	}

	cfg, err = g.LoadConfig(ctx, repo, "main", "missing.yml", env)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(cfg.Note, "No missing.yml on main") || cfg.Providers["openai"].APIKeyEnv != "OPENAI_API_KEY" {
		t.Errorf("missing file: note %q, providers %v", cfg.Note, cfg.Providers)
	}

	var ce *configError
	_, err = g.LoadConfig(ctx, repo, "main", "missing.yml", noEnv)
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "does not exist") || !strings.Contains(err.Error(), "ANTHROPIC_API_KEY") {
		t.Errorf("no file and no provider: %v", err)
	}
	_, err = g.LoadConfig(ctx, repo, "main", "bad.yml", env)
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "bad.yml:4") || !strings.Contains(err.Error(), "min_permision") {
		t.Errorf("bad file: want the file, line and key named, got %v", err)
	}
	if !strings.Contains(ce.Where, "acme/widgets bad.yml at main") {
		t.Errorf("ConfigError.Where = %q", ce.Where)
	}
	// The ref is honoured: a pull request's branch is never where the configuration comes from
	// unless the caller asks for it.
	cfg, err = g.LoadConfig(ctx, repo, "feature", ".github/war-room.yml", env)
	if err != nil || cfg.GitHub.Trigger.MinPermission != "read" {
		t.Errorf("ref feature: %v, %+v", err, cfg)
	}
}
