package protocols_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/protocols"
	"github.com/war-room/war-room/protocols/council"
)

// The protocol decodes its embedded files itself; the configuration's strict decoder, which
// reads a repository's files, must accept every one of them too.
func TestBuiltinCatalogPassesTheStrictDecoder(t *testing.T) {
	layer, err := council.LoadLayer(council.DataFiles(), ".", council.Catalog{}, config.DecodeDocument)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(layer.Members), len(council.Builtin().Members); got != want || len(layer.Profiles) < 2 {
		t.Fatalf("%d members (want %d), %d profiles", got, want, len(layer.Profiles))
	}
	for _, name := range []string{"coding-ratification", "research-synthesis"} {
		if _, ok := layer.Profile(name); !ok {
			t.Errorf("no built-in profile %s", name)
		}
	}
	if p, _ := layer.Profile(""); p.Name != "coding-ratification" {
		t.Errorf("the default profile is %q", p.Name)
	}
}

const dir = ".github/war-room/council/"

// A repository's cards and profiles are strictly validated: unknown keys, unknown members and
// a profile that cannot reach two families are errors naming the file, the line and the key.
func TestRepositoryCatalogIsStrictlyValidated(t *testing.T) {
	files := fstest.MapFS{
		dir + "roster/skeptic.yaml": {Data: []byte("key: skeptic\ntitle: Skeptic\nseat_class: adversarial\n" +
			"mandat: Doubts everything.\nmandate: Doubts.\neffort: high\n")},
		dir + "profiles/review.yaml": {Data: []byte("name: review\ndescription: A small review.\n" +
			"members: [skeptic, architekt]\nrounds: 1\nmax_seat_calls: 6\n")},
		dir + "profiles/mono.yaml": {Data: []byte("name: mono\ndescription: One vendor.\nmembers: [skeptic, architect]\n" +
			"max_seat_calls: 6\npins:\n  skeptic: {family: anthropic}\n  architect: {family: anthropic}\n")},
		dir + "capability-priors.yaml": {Data: []byte("adjudication:\n  openai: 1.5\n")},
	}
	_, err := protocols.CouncilCatalog(files)
	if err == nil {
		t.Fatal("a defective repository catalog was accepted")
	}
	for _, want := range []string{
		dir + `roster/skeptic.yaml:4:1: mandat: unknown key (did you mean "mandate"?)`,
		dir + `profiles/review.yaml:3:20: members[1]: unknown member (did you mean "architect"?)`,
		dir + `profiles/mono.yaml:6:3: pins: holds every member to family anthropic: the team cannot span two families`,
		dir + `capability-priors.yaml:2:11: adjudication.openai: must be from 0 to 1, got 1.5`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error lacks\n  %s\ngot:\n%v", want, err)
		}
	}
}

// A valid layer overrides single cards and adds profiles; what it leaves out stays built in.
func TestRepositoryCatalogOverridesTheBuiltins(t *testing.T) {
	files := fstest.MapFS{
		dir + "roster/skeptic.yaml": {Data: []byte("key: skeptic\ntitle: Doubter\nseat_class: adversarial\n" +
			"mandate: Doubts.\neffort: xhigh\n")},
		dir + "roster/historian.yaml": {Data: []byte("key: historian\ntitle: Historian\nseat_class: deliberation\n" +
			"mandate: What happened the last time.\neffort: medium\nbrief: You remember what was tried before and how it went.\n")},
		dir + "profiles/retro.yaml": {Data: []byte("name: retro\ndescription: Look back.\nmembers: [historian, skeptic]\n" +
			"max_seat_calls: 6\ndefault: true\n")},
		dir + "capability-priors.yaml": {Data: []byte("adjudication:\n  qwen: 0.95\n")},
	}
	cat, err := protocols.CouncilCatalog(files)
	if err != nil {
		t.Fatal(err)
	}
	if m, _ := cat.Member("skeptic"); m.Title != "Doubter" || m.Effort != "xhigh" || m.Source != dir+"roster/skeptic.yaml" {
		t.Errorf("skeptic: %+v", m)
	}
	if _, ok := cat.Member("architect"); !ok {
		t.Error("the built-in architect was dropped")
	}
	if p, _ := cat.Profile(""); p.Name != "retro" || !p.Triage || p.Rounds != 1 {
		t.Errorf("default profile %+v", p)
	}
	if cat.Priors.Adjudication["qwen"] != 0.95 || cat.Priors.Adjudication["anthropic"] == 0 {
		t.Errorf("priors %+v", cat.Priors)
	}
}

// A new member must bring its own brief; a built-in one may leave it out.
func TestRepositoryMemberWithoutBriefIsRefused(t *testing.T) {
	files := fstest.MapFS{dir + "roster/historian.yaml": {Data: []byte("key: historian\ntitle: Historian\n" +
		"seat_class: deliberation\nmandate: The past.\neffort: medium\n")}}
	_, err := protocols.CouncilCatalog(files)
	if err == nil || !strings.Contains(err.Error(), dir+`roster/historian.yaml:1:1: brief: is required`) {
		t.Fatalf("%v", err)
	}
}
