package layout_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine/provider"
)

// Only the vendor registry knows a provider type by its name: no code outside
// internal/provider switches on a profile's type, or compares one with a type's name. (The
// port's provider.TypeScript and provider.TypeCLI name the two types that reach no vendor.)
func TestProviderTypesAreSwitchedOnOnlyInTheRegistry(t *testing.T) {
	types := provider.Types()
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			if rel == filepath.Join("internal", "provider") || rel == "testdata" || strings.HasPrefix(d.Name(), ".") && rel != "." {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		for _, pos := range typeSwitches(f, types) {
			t.Errorf("%s: a provider type is switched on outside the vendor registry", fset.Position(pos))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// typeSwitches finds `x.Type == "openai"`, `x.Provider != "cli"` and `switch x.Type { case
// "anthropic": … }` for any registered type.
func typeSwitches(f *ast.File, types []string) []token.Pos {
	isType := func(e ast.Expr) bool {
		lit, ok := e.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return false
		}
		s, err := strconv.Unquote(lit.Value)
		return err == nil && slices.Contains(types, s)
	}
	isTypeField := func(e ast.Expr) bool {
		if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 { // string(p.Type)
			e = call.Args[0]
		}
		sel, ok := e.(*ast.SelectorExpr)
		return ok && (sel.Sel.Name == "Type" || sel.Sel.Name == "Provider")
	}
	var out []token.Pos
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if (n.Op == token.EQL || n.Op == token.NEQ) &&
				(isType(n.X) && isTypeField(n.Y) || isType(n.Y) && isTypeField(n.X)) {
				out = append(out, n.Pos())
			}
		case *ast.SwitchStmt:
			for _, c := range n.Body.List {
				for _, e := range c.(*ast.CaseClause).List {
					if isType(e) && (n.Tag == nil || isTypeField(n.Tag)) {
						out = append(out, e.Pos())
					}
				}
			}
		}
		return true
	})
	return out
}
