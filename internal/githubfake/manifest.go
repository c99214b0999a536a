package githubfake

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"net/http"
	"slices"
	"strings"
)

// manifestApp is an App made from a manifest, waiting for its code to be converted.
type manifestApp struct {
	id                   int64
	slug, name, pem      string
	webhookSecret, owner string
	manifest             Manifest
}

// Manifest is the part of a GitHub App manifest the fake checks, as GitHub documents it
// ("Creating a GitHub App from a manifest").
type Manifest struct {
	Name           string `json:"name"`
	URL            string `json:"url"`
	HookAttributes struct {
		URL    string `json:"url"`
		Active *bool  `json:"active"`
	} `json:"hook_attributes"`
	RedirectURL        string            `json:"redirect_url"`
	Public             bool              `json:"public"`
	DefaultPermissions map[string]string `json:"default_permissions"`
	DefaultEvents      []string          `json:"default_events"`
}

// permissionLevels are the values an App permission takes.
var permissionLevels = []string{"read", "write", "admin"}

// CreateAppFromManifest does what GitHub does when a person submits a manifest on its "new
// GitHub App" page and confirms it: it checks the manifest, registers the App under owner
// (with a fresh private key and webhook secret) and returns the temporary code GitHub
// redirects to the manifest's redirect_url with. The code is converted once, by POST
// /app-manifests/{code}/conversions.
func (f *Fake) CreateAppFromManifest(owner string, manifest []byte) (code string, err error) {
	var m Manifest
	if err := json.Unmarshal(manifest, &m); err != nil {
		return "", fmt.Errorf("githubfake: the manifest is not JSON: %w", err)
	}
	switch {
	case strings.TrimSpace(m.URL) == "":
		return "", fmt.Errorf("githubfake: the manifest has no url (required)")
	case m.HookAttributes.URL == "":
		return "", fmt.Errorf("githubfake: the manifest has no hook_attributes.url (required)")
	case m.RedirectURL == "":
		return "", fmt.Errorf("githubfake: the manifest has no redirect_url")
	}
	for p, level := range m.DefaultPermissions {
		if !slices.Contains(permissionLevels, level) {
			return "", fmt.Errorf("githubfake: default_permissions.%s is %q (want read, write or admin)", p, level)
		}
	}
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return "", err
	}
	secret := make([]byte, 20)
	codeBytes := make([]byte, 10)
	if _, err := rand.Read(secret); err != nil {
		return "", err
	}
	if _, err := rand.Read(codeBytes); err != nil {
		return "", err
	}
	name := m.Name
	if name == "" {
		name = "war-room"
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	app := &manifestApp{id: f.st.id(), name: name, slug: strings.ToLower(strings.ReplaceAll(name, " ", "-")), owner: owner,
		pem:           string(pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)})),
		webhookSecret: hex.EncodeToString(secret), manifest: m}
	code = hex.EncodeToString(codeBytes)
	if f.manifests == nil {
		f.manifests = map[string]*manifestApp{}
	}
	f.manifests[code] = app
	return code, nil
}

// convertManifest is POST /app-manifests/{code}/conversions: the App's credentials, once.
// GitHub needs no authentication for it: the code is the secret.
func (f *Fake) convertManifest(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	code := rq.params["code"]
	app := f.manifests[code]
	delete(f.manifests, code)
	f.mu.Unlock()
	if app == nil {
		notFound(w)
		return
	}
	writeJSON(w, http.StatusCreated, obj{
		"id": app.id, "slug": app.slug, "node_id": nodeID("A", app.id), "name": app.name,
		"owner":       obj{"login": app.owner, "type": "Organization"},
		"description": "", "external_url": app.manifest.URL, "html_url": "https://github.com/apps/" + app.slug,
		"created_at": ts(f.clock()), "updated_at": ts(f.clock()),
		"permissions": app.manifest.DefaultPermissions, "events": app.manifest.DefaultEvents,
		"client_id": fmt.Sprintf("Iv1.%016x", app.id), "client_secret": app.webhookSecret + "cs",
		"webhook_secret": app.webhookSecret, "pem": app.pem,
	})
}
