// Command gen writes the model catalog (models.json) from a checkout of models.dev: the
// models of the vendors war-room speaks to, with what a request needs (effort levels,
// reasoning, context, output limit, prices) and the commit they came from. Run it through
// go generate (see ../catalog.go); its output is committed.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"
)

// vendors are the models.dev providers war-room has adapters for.
var vendors = []string{"anthropic", "openai", "google"}

// source is a models.dev model file, the fields war-room reads.
type source struct {
	// BaseModel names a file under models/ that this one overrides key by key.
	BaseModel        string   `toml:"base_model"`
	Name             string   `toml:"name"`
	Family           string   `toml:"family"`
	ReleaseDate      string   `toml:"release_date"`
	Reasoning        bool     `toml:"reasoning"`
	ReasoningOptions []option `toml:"reasoning_options"`
	Cost             struct {
		Input      float64 `toml:"input"`
		Output     float64 `toml:"output"`
		CacheRead  float64 `toml:"cache_read"`
		CacheWrite float64 `toml:"cache_write"`
	} `toml:"cost"`
	Limit struct {
		Context int `toml:"context"`
		Input   int `toml:"input"`
		Output  int `toml:"output"`
	} `toml:"limit"`
	Modalities struct {
		Output []string `toml:"output"`
	} `toml:"modalities"`
}

type option struct {
	Type   string   `toml:"type"`
	Values []string `toml:"values"`
}

// Model is one entry of models.json; the catalog package reads the same shape.
type Model struct {
	Vendor    string   `json:"vendor"`
	ID        string   `json:"id"`
	Name      string   `json:"name"`
	Family    string   `json:"family,omitempty"`
	Released  string   `json:"released,omitempty"`
	Reasoning bool     `json:"reasoning,omitempty"`
	Effort    []string `json:"effort,omitempty"`
	// Options are the kinds of reasoning control the model takes: effort, budget_tokens,
	// toggle.
	Options []string `json:"options,omitempty"`
	Context int      `json:"context,omitempty"`
	Output  int      `json:"output,omitempty"`
	Price   Price    `json:"price"`
}

// Price is US dollars per million tokens.
type Price struct {
	Input      float64 `json:"input,omitempty"`
	Output     float64 `json:"output,omitempty"`
	CacheRead  float64 `json:"cache_read,omitempty"`
	CacheWrite float64 `json:"cache_write,omitempty"`
}

type catalog struct {
	Source struct {
		Repository string `json:"repository"`
		Commit     string `json:"commit"`
		Date       string `json:"date"`
		License    string `json:"license"`
	} `json:"source"`
	Models []Model `json:"models"`
}

func main() {
	src := flag.String("src", os.Getenv("MODELS_DEV"), "a checkout of models.dev (default $MODELS_DEV)")
	out := flag.String("out", "models.json", "the file to write")
	flag.Parse()
	if err := run(*src, *out); err != nil {
		fmt.Fprintln(os.Stderr, "catalog gen:", err)
		os.Exit(1)
	}
}

func run(src, out string) error {
	if src == "" {
		return errors.New("no models.dev checkout: pass -src DIR or set MODELS_DEV (git clone https://github.com/anomalyco/models.dev)")
	}
	var c catalog
	c.Source.Repository, c.Source.License = "https://github.com/anomalyco/models.dev", "MIT (LICENSE.models.dev)"
	commit, err := exec.Command("git", "-C", src, "log", "-1", "--format=%H %cs").Output()
	if err != nil {
		return fmt.Errorf("%s: not a git checkout (the catalog records the commit it came from): %w", src, err)
	}
	c.Source.Commit, c.Source.Date, _ = strings.Cut(strings.TrimSpace(string(commit)), " ")
	for _, v := range vendors {
		files, err := filepath.Glob(filepath.Join(src, "providers", v, "models", "*.toml"))
		if err != nil || len(files) == 0 {
			return fmt.Errorf("%s: no models for %s under providers/%s/models (%v)", src, v, v, err)
		}
		for _, f := range files {
			s, err := read(src, f)
			if err != nil {
				return err
			}
			if !slices.Contains(s.Modalities.Output, "text") {
				continue // images, speech, embeddings: nothing a panel can ask
			}
			c.Models = append(c.Models, model(v, strings.TrimSuffix(filepath.Base(f), ".toml"), s))
		}
	}
	slices.SortFunc(c.Models, func(a, b Model) int {
		return strings.Compare(a.Vendor+"/"+a.ID, b.Vendor+"/"+b.ID)
	})
	raw, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(out, append(raw, '\n'), 0o644)
}

// read decodes a provider's model file over the shared model file it names (base_model), as
// models.dev merges them: a key of the provider's file replaces the base's.
func read(src, f string) (source, error) {
	var s source
	if _, err := toml.DecodeFile(f, &s); err != nil {
		return s, fmt.Errorf("%s: %w", f, err)
	}
	if s.BaseModel == "" {
		return s, nil
	}
	base := filepath.Join(src, "models", filepath.FromSlash(s.BaseModel)+".toml")
	var merged source
	if _, err := toml.DecodeFile(base, &merged); err != nil {
		return s, fmt.Errorf("%s: its base_model: %w", f, err)
	}
	if _, err := toml.DecodeFile(f, &merged); err != nil {
		return s, fmt.Errorf("%s: %w", f, err)
	}
	return merged, nil
}

func model(vendor, id string, s source) Model {
	m := Model{Vendor: vendor, ID: id, Name: s.Name, Family: s.Family, Released: s.ReleaseDate, Reasoning: s.Reasoning,
		Context: s.Limit.Context, Output: s.Limit.Output,
		Price: Price{Input: s.Cost.Input, Output: s.Cost.Output, CacheRead: s.Cost.CacheRead, CacheWrite: s.Cost.CacheWrite}}
	for _, o := range s.ReasoningOptions {
		if o.Type == "effort" {
			m.Effort = o.Values
		}
		if !slices.Contains(m.Options, o.Type) {
			m.Options = append(m.Options, o.Type)
		}
	}
	return m
}
