package bot

import (
	"context"
	"testing"

	"github.com/war-room/war-room/config"
)

func TestIgnored(t *testing.T) {
	cases := []struct {
		actor      actor
		ignoreBots bool
		ignored    bool
	}{
		{actor{"alice", "User"}, true, false},
		{actor{botLogin, "Bot"}, false, true}, // our own comments, whatever the setting
		{actor{"GitHub-Actions[bot]", "Bot"}, false, true},
		{actor{"dependabot[bot]", "Bot"}, true, true},
		{actor{"dependabot[bot]", "Bot"}, false, false},
		{actor{"renovate[bot]", "User"}, true, true}, // the suffix alone marks a bot
		{actor{"", "User"}, true, true},
	}
	for _, tc := range cases {
		if got := ignored(tc.actor, botLogin, tc.ignoreBots) != ""; got != tc.ignored {
			t.Errorf("Ignored(%+v, ignoreBots=%v) = %v, want %v", tc.actor, tc.ignoreBots, got, tc.ignored)
		}
	}
}

func TestPermissionAllows(t *testing.T) {
	cases := []struct {
		p    permission
		min  config.Permission
		want bool
	}{
		{permission{"admin", "admin"}, config.PermissionWrite, true},
		{permission{"write", "maintain"}, config.PermissionWrite, true},
		{permission{"write", "write"}, config.PermissionWrite, true},
		{permission{"read", "triage"}, config.PermissionWrite, false},
		{permission{"read", "read"}, config.PermissionWrite, false},
		{permission{"none", ""}, config.PermissionWrite, false},
		{permission{"none", ""}, config.PermissionRead, false},
		{permission{"write", "write"}, config.PermissionMaintain, false}, // role, not legacy level
		{permission{"write", "maintain"}, config.PermissionMaintain, true},
		{permission{"read", "triage"}, config.PermissionTriage, true},
		{permission{"read", "read"}, config.PermissionRead, true},
		{permission{"write", "deployer"}, config.PermissionWrite, true}, // custom role: its level
		{permission{"write", "deployer"}, config.PermissionMaintain, false},
		{permission{"write", ""}, "", true}, // unset minimum: the default, write
		{permission{"read", ""}, "", false},
	}
	for _, tc := range cases {
		if got := tc.p.Allows(tc.min); got != tc.want {
			t.Errorf("%+v.Allows(%q) = %v, want %v", tc.p, tc.min, got, tc.want)
		}
	}
}

func TestAuthorizeAgainstGitHub(t *testing.T) {
	f, g := newTestGitHub(t)
	repo := Repo{Owner: testOwner, Name: testRepoName}
	for login, role := range map[string]string{"wanda": "write", "mia": "maintain", "tim": "triage", "rita": "read", "ada": "admin"} {
		f.SetPermission(testRepo, login, role)
	}
	f.AddUser("stranger", "User")
	want := map[string]bool{"wanda": true, "mia": true, "ada": true, "tim": false, "rita": false, "stranger": false, "nobody-at-all": false}
	for login, ok := range want {
		p, got, err := g.Authorize(context.Background(), repo, login, config.PermissionWrite)
		if err != nil {
			t.Fatalf("Authorize(%s): %v", login, err)
		}
		if got != ok {
			t.Errorf("Authorize(%s) = %v (permission %s), want %v", login, got, p, ok)
		}
	}
	p, ok, err := g.Authorize(context.Background(), repo, "mia", config.PermissionAdmin)
	if err != nil || ok || p.Role != "maintain" {
		t.Errorf("maintain against an admin minimum: %+v ok=%v err=%v", p, ok, err)
	}
	if n := len(f.CallsTo("GET /repos/{owner}/{repo}/collaborators/{username}/permission")); n != len(want)+1 {
		t.Errorf("%d permission requests, want one per check (%d)", n, len(want)+1)
	}
}
