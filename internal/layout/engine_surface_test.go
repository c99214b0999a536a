package layout_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The runtime's vocabulary sits below the runtime: the decision, its events, limits, ledger and
// settings are data packages a store, a renderer or a report reads without linking the engine
// that runs sessions. The engine's readers (verify, estimate) sit above it and the
// runtime never imports them.
func TestEngineVocabularyIsBelowTheRuntimeAndItsReadersAbove(t *testing.T) {
	deps := imports(t)
	for _, leaf := range []string{"decision", "events", "limits", "ledger", "settings", "outcome", "record", "provider"} {
		for _, dep := range deps[mod+"engine/"+leaf] {
			if dep == mod+"engine" {
				t.Errorf("engine/%s imports the engine runtime: it is data the runtime uses, below it", leaf)
			}
		}
	}
	for _, dep := range deps[mod+"engine"] {
		for _, reader := range []string{"verify", "estimate"} {
			if dep == mod+"engine/"+reader {
				t.Errorf("the engine runtime imports engine/%s, which reads sessions from above it", reader)
			}
		}
	}
}

// The root engine package keeps a small surface: the layout issue halved it (206 exported
// names, 166 lines of go doc -short, when it was filed). A new exported name belongs in the
// package whose vocabulary it is, unless it is the runtime's own.
func TestEngineExportsAtMostHalfOfWhatItDid(t *testing.T) {
	const most = 103
	dir := filepath.Join("..", "..", "engine")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var names []string
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.IsExported() {
					names = append(names, d.Name.Name)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() {
							names = append(names, s.Name.Name)
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if n.IsExported() {
								names = append(names, n.Name)
							}
						}
					}
				}
			}
		}
	}
	if len(names) == 0 {
		t.Fatal("found no exported name in engine/: the test reads the wrong folder")
	}
	if len(names) > most {
		t.Errorf("engine exports %d names, more than %d: %s", len(names), most, strings.Join(names, ", "))
	}
}
