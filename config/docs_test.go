package config

import (
	"fmt"
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

const docPath = "../docs/configuration.md"

// leaf is one documented key: its path as the reference writes it and its default, when the
// default can be read without a name to fill in.
type leaf struct {
	path string
	def  reflect.Value
}

// leaves lists every key of the schema, with map keys written <name>, <role>, <login>, and
// list items as [].
func leaves(t reflect.Type, v reflect.Value, prefix string, out *[]leaf) {
	names, index := fieldsOf(t)
	for _, name := range names {
		f := t.Field(index[name])
		path := join(prefix, name)
		var fv reflect.Value
		if v.IsValid() {
			fv = v.Field(index[name])
		}
		switch {
		case f.Type.Kind() == reflect.Struct && f.Type != durationType:
			leaves(f.Type, fv, path, out)
		case f.Type.Kind() == reflect.Map && f.Type.Elem().Kind() == reflect.Struct:
			elem := reflect.New(f.Type.Elem())
			if d, ok := elem.Interface().(defaulter); ok {
				d.applyDefaults()
			}
			leaves(f.Type.Elem(), elem.Elem(), path+".<"+f.Tag.Get("mapkey")+">", out)
		case f.Type.Kind() == reflect.Slice && f.Type.Elem().Kind() == reflect.Struct:
			leaves(f.Type.Elem(), reflect.Value{}, path+"[]", out)
		default:
			*out = append(*out, leaf{path, fv})
		}
	}
}

func schemaLeaves() []leaf {
	var out []leaf
	leaves(reflect.TypeFor[Config](), reflect.ValueOf(*Default()), "", &out)
	return out
}

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
		known[l.path] = true
		if _, ok := rows[l.path]; !ok {
			t.Errorf("%s has no row in %s", l.path, docPath)
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
		cell, ok := rows[l.path]
		if !ok || !l.def.IsValid() || strings.HasPrefix(cell, "required") {
			continue
		}
		want, zeroOK := renderDefault(l.def)
		switch {
		case want != "" && !strings.HasPrefix(cell, "`"+want+"`"):
			t.Errorf("%s: docs say default %s, code has %s", l.path, cell, want)
		case want == "" && !zeroOK:
			t.Errorf("%s: docs say default %s, code has the zero value %v", l.path, cell, l.def)
		}
	}
}

// renderDefault writes a default as the docs do; "" with ok=true means a zero value the docs
// may describe in words ("none", "the preset's").
func renderDefault(v reflect.Value) (string, bool) {
	switch {
	case v.Type() == durationType:
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
	cfg, err := Parse("example.yml", m[1])
	require.NoError(t, err)
	require.Equal(t, []string{"claude", "gpt", "qwen"}, sortedKeys(cfg.Providers))
}

func TestDocsListDetectionVariables(t *testing.T) {
	data, err := os.ReadFile(docPath)
	require.NoError(t, err)
	for _, v := range []string{EnvAnthropicKey, EnvAnthropicModel, EnvOpenAIKey, EnvOpenAIModel,
		EnvGeminiKey, EnvGeminiModel, EnvLocalBaseURL, EnvLocalModel, EnvLocalFamily, EnvLocalKey,
		DefaultAnthropicModel, DefaultOpenAIModel, DefaultGeminiModel, GeminiBaseURL} {
		require.Contains(t, string(data), "`"+v+"`")
	}
	for preset, tr := range presetThresholds {
		row := fmt.Sprintf("| `%s` | %.2f | %.2f | %.2f |", preset, tr[0], tr[1], tr[2])
		require.Contains(t, string(data), row)
	}
}
