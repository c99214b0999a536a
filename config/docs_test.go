package config_test

import (
	"fmt"
	"maps"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/protocols"
	"github.com/war-room/war-room/protocols/warroom"
)

const docPath = "../docs/configuration.md"

func schemaLeaves() []config.Key { return config.Keys(protocols.Sections()...) }

// docRows maps each key in the reference tables to its default cell.
func docRows(t *testing.T) map[string]string {
	data, err := os.ReadFile(docPath)
	require.NoError(t, err)
	rows := map[string]string{}
	row := regexp.MustCompile("(?m)^\\| `([a-z_.<>\\[\\]]+)` \\| ([^|]+) \\| ([^|]+) \\|")
	for _, m := range row.FindAllStringSubmatch(string(data), -1) {
		if strings.Contains(m[1], ".") || m[1] == "version" {
			rows[m[1]] = strings.TrimSpace(m[3])
		}
	}
	return rows
}

func TestDocsDescribeEveryKey(t *testing.T) {
	rows := docRows(t)
	known := map[string]bool{}
	for _, l := range schemaLeaves() {
		known[l.Path] = true
		if _, ok := rows[l.Path]; !ok {
			t.Errorf("%s has no row in %s", l.Path, docPath)
		}
	}
	for path := range rows {
		if !known[path] {
			t.Errorf("%s documents %s, which is not a key", docPath, path)
		}
	}
}

// TestDocsDefaultsMatchCode checks each documented default against Default() for every key
// whose default does not depend on a name.
func TestDocsDefaultsMatchCode(t *testing.T) {
	rows := docRows(t)
	for _, l := range schemaLeaves() {
		cell, ok := rows[l.Path]
		if !ok || !l.Default.IsValid() || strings.HasPrefix(cell, "required") {
			continue
		}
		want, zeroOK := renderDefault(l.Default)
		switch {
		case want != "" && !strings.HasPrefix(cell, "`"+want+"`"):
			t.Errorf("%s: docs say default %s, code has %s", l.Path, cell, want)
		case want == "" && !zeroOK:
			t.Errorf("%s: docs say default %s, code has the zero value %v", l.Path, cell, l.Default)
		}
	}
}

// renderDefault writes a default as the docs do; "" with ok=true means a zero value the docs
// may describe in words ("none", "the preset's").
func renderDefault(v reflect.Value) (string, bool) {
	switch {
	case v.Type() == reflect.TypeFor[time.Duration]():
		d := time.Duration(v.Int())
		if d%time.Second == 0 {
			return fmt.Sprintf("%ds", d/time.Second), false
		}
		return d.String(), false
	case v.Kind() == reflect.Bool:
		return fmt.Sprint(v.Bool()), false
	case v.Kind() == reflect.Int || v.Kind() == reflect.Int64 || v.Kind() == reflect.Float64:
		return fmt.Sprint(v.Interface()), false
	case v.Kind() == reflect.String:
		return v.String(), v.String() == ""
	case v.Kind() == reflect.Slice && v.Len() > 0:
		return fmt.Sprintf("[%s]", strings.Trim(fmt.Sprint(v.Interface()), "[]")), false
	}
	return "", true
}

func TestDocsExampleParses(t *testing.T) {
	data, err := os.ReadFile(docPath)
	require.NoError(t, err)
	m := regexp.MustCompile("(?s)## Example\n\n```yaml\n(.*?)```").FindSubmatch(data)
	require.NotNil(t, m, "the example block")
	cfg, err := config.Parse("example.yml", m[1], protocols.Sections()...)
	require.NoError(t, err)
	require.Equal(t, []string{"claude", "gpt", "qwen"}, slices.Sorted(maps.Keys(cfg.Providers)))
}

func TestDocsListDetectionVariables(t *testing.T) {
	data, err := os.ReadFile(docPath)
	require.NoError(t, err)
	for _, v := range []string{"ANTHROPIC_API_KEY", "WAR_ROOM_ANTHROPIC_MODEL", "OPENAI_API_KEY",
		"WAR_ROOM_OPENAI_MODEL_OPENAI", "GEMINI_API_KEY", "WAR_ROOM_GEMINI_MODEL", "WAR_ROOM_OPENAI_BASE_URL",
		"WAR_ROOM_OPENAI_MODEL", "WAR_ROOM_OPENAI_FAMILY", "WAR_ROOM_OPENAI_API_KEY", "claude-opus-4-8",
		"gpt-5.5", "gemini-3.1-pro-preview", "https://generativelanguage.googleapis.com/v1beta/openai/"} {
		require.Contains(t, string(data), "`"+v+"`")
	}
	for _, preset := range warroom.Preset("").Choices() {
		tr, _ := warroom.PresetThresholds(warroom.Preset(preset))
		row := fmt.Sprintf("| `%s` | %.2f | %.2f | %.2f |", preset, tr[0], tr[1], tr[2])
		require.Contains(t, string(data), row)
	}
}
