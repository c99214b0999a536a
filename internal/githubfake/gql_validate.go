package githubfake

import (
	"regexp"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/validator"
)

// validate checks doc against GitHub's schema with gqlparser and returns the errors in
// GitHub's shape (codes, messages and extensions as api.github.com reports them).
func validate(schema *ast.Schema, doc *ast.QueryDocument) []gqlError {
	errs := validator.ValidateWithRules(schema, doc, nil)
	if len(errs) == 0 {
		return nil
	}
	idx := indexDocument(doc)
	var out []gqlError
	for _, e := range errs {
		ge := translate(e, idx)
		if !mergeMissingArgs(out, ge) {
			out = append(out, ge)
		}
	}
	return out
}

func translate(e *gqlerror.Error, idx posIndex) gqlError {
	ge := gqlError{Message: e.Message}
	for _, l := range e.Locations {
		ge.Locations = append(ge.Locations, gqlLoc{Line: l.Line, Column: l.Column})
	}
	info := idx.at(ge.Locations)
	ge.Path = info.path
	for _, tr := range translations {
		if g := tr.re.FindStringSubmatch(e.Message); g != nil {
			tr.build(g, info, &ge)
			return ge
		}
	}
	if e.Rule == "ValuesOfCorrectType" && info.field != nil && info.topValue != nil {
		ge.Message = "Argument '" + info.topArg + "' on Field '" + info.field.Name + "' has an invalid value (" +
			info.topValue.String() + "). Expected type '" + argType(info) + "'."
		ge.Extensions = ext("argumentLiteralsIncompatible", "typeName", "Field", "argumentName", info.topArg)
		return ge
	}
	ge.Extensions = ext(lowerFirst(e.Rule))
	return ge
}

type translation struct {
	re    *regexp.Regexp
	build func(g []string, info posInfo, ge *gqlError)
}

// translations map gqlparser's messages (v2.5.64) to GitHub's.
var translations = []translation{
	{regexp.MustCompile(`^Cannot query field "([^"]+)" on type "([^"]+)"`), func(g []string, _ posInfo, ge *gqlError) {
		ge.Message = "Field '" + g[1] + "' doesn't exist on type '" + g[2] + "'"
		ge.Extensions = ext("undefinedField", "typeName", g[2], "fieldName", g[1])
	}},
	{regexp.MustCompile(`^Field "([^"]+)" argument "([^"]+)" of type "[^"]+" is required`), func(g []string, _ posInfo, ge *gqlError) {
		ge.Message = "Field '" + g[1] + "' is missing required arguments: " + g[2]
		ge.Extensions = ext("missingRequiredArguments", "className", "Field", "name", g[1], "arguments", g[2])
	}},
	{regexp.MustCompile(`^Unknown argument "([^"]+)" on field "[^"]*\.([^".]+)"`), func(g []string, _ posInfo, ge *gqlError) {
		ge.Message = "Field '" + g[2] + "' doesn't accept argument '" + g[1] + "'"
		ge.Extensions = ext("argumentNotAccepted", "name", g[2], "typeName", "Field", "argumentName", g[1])
		ge.Path = extend(ge.Path, g[1])
	}},
	{regexp.MustCompile(`^Variable "\$([^"]+)" of type "([^"]+)" used in position expecting type "([^"]+)"`), func(g []string, info posInfo, ge *gqlError) {
		ge.Message = "Type mismatch on variable $" + g[1] + " and argument " + info.arg + " (" + g[2] + " / " + g[3] + ")"
		ge.Extensions = ext("variableMismatch", "variableName", g[1], "typeName", g[2], "argumentName", info.arg, "errorMessage", "Type mismatch")
	}},
	{regexp.MustCompile(`^Variable "\$([^"]+)" is never used`), func(g []string, info posInfo, ge *gqlError) {
		ge.Message = "Variable $" + g[1] + " is declared by " + opWord(info.path) + " but not used"
		ge.Extensions = ext("variableNotUsed", "variableName", g[1])
	}},
	{regexp.MustCompile(`^Variable "\$([^"]+)" is not defined`), func(g []string, info posInfo, ge *gqlError) {
		ge.Message = "Variable $" + g[1] + " is used by " + opWord(info.path) + " but not declared"
		ge.Extensions = ext("variableNotDefined", "variableName", g[1])
	}},
	{regexp.MustCompile(`^Field "([^"]+)" must not have a selection since type "([^"]+)"`), func(g []string, info posInfo, ge *gqlError) {
		ge.Message = "Selections can't be made on scalars (field '" + g[1] + "' returns " + g[2] + " but has selections [" + selectionNames(info.field) + "])"
		ge.Extensions = ext("selectionMismatch", "nodeName", "field '"+g[1]+"'", "typeName", g[2])
	}},
	{regexp.MustCompile(`^Field "([^"]+)" of type "([^"]+)" must have a selection`), func(g []string, _ posInfo, ge *gqlError) {
		typ := strings.Trim(g[2], "[]!")
		ge.Message = "Field must have selections (field '" + g[1] + "' returns " + typ + " but has no selections. Did you mean '" + g[1] + " { ... }'?)"
		ge.Extensions = ext("selectionMismatch", "nodeName", "field '"+g[1]+"'", "typeName", typ)
	}},
	{regexp.MustCompile(`^Field "([^".]+)\.([^"]+)" of required type "([^"]+)" was not provided`), func(g []string, _ posInfo, ge *gqlError) {
		ge.Message = "Argument '" + g[2] + "' on InputObject '" + g[1] + "' is required. Expected type " + g[3]
		ge.Extensions = ext("missingRequiredInputObjectAttribute", "argumentName", g[2], "argumentType", g[3], "inputObjectType", g[1])
	}},
	{regexp.MustCompile(`^Field "([^"]+)" is not defined by type "([^"]+)"`), func(g []string, _ posInfo, ge *gqlError) {
		ge.Message = "InputObject '" + g[2] + "' doesn't accept argument '" + g[1] + "'"
		ge.Extensions = ext("argumentNotAccepted", "name", g[2], "typeName", "InputObject", "argumentName", g[1])
	}},
	{regexp.MustCompile(`^Unknown type "([^"]+)"`), func(g []string, _ posInfo, ge *gqlError) {
		ge.Message = "No such type " + g[1] + ", so it can't be a fragment condition"
		ge.Extensions = ext("undefinedType", "typeName", g[1])
	}},
}

func ext(code string, kv ...string) map[string]any {
	m := map[string]any{"code": code}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return m
}

// mergeMissingArgs folds a second missing argument of the same field into the first error,
// as GitHub lists all of them in one ("missing required arguments: owner, name").
func mergeMissingArgs(out []gqlError, ge gqlError) bool {
	if ge.Extensions["code"] != "missingRequiredArguments" {
		return false
	}
	for i := range out {
		prev := &out[i]
		if prev.Extensions["code"] == ge.Extensions["code"] && sameLoc(prev.Locations, ge.Locations) {
			args := prev.Extensions["arguments"].(string) + ", " + ge.Extensions["arguments"].(string)
			prev.Extensions["arguments"] = args
			prev.Message = "Field '" + prev.Extensions["name"].(string) + "' is missing required arguments: " + args
			return true
		}
	}
	return false
}

func sameLoc(a, b []gqlLoc) bool { return len(a) > 0 && len(b) > 0 && a[0] == b[0] }

// opWord names the operation as GitHub does in variable errors: its name, or "anonymous query".
func opWord(path []any) string {
	label := "query"
	if len(path) > 0 {
		label, _ = path[0].(string)
	}
	if _, name, ok := strings.Cut(label, " "); ok {
		return name
	}
	return "anonymous " + label
}

func selectionNames(f *ast.Field) string {
	if f == nil {
		return ""
	}
	var names []string
	for _, s := range f.SelectionSet {
		if fl, ok := s.(*ast.Field); ok {
			names = append(names, fl.Name)
		}
	}
	return strings.Join(names, ", ")
}

func argType(info posInfo) string {
	if info.field != nil && info.field.Definition != nil {
		if a := info.field.Definition.Arguments.ForName(info.topArg); a != nil {
			return a.Type.String()
		}
	}
	return "?"
}

func lowerFirst(s string) string {
	if s == "" {
		return "validationError"
	}
	return strings.ToLower(s[:1]) + s[1:]
}
