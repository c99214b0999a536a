package openai

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
)

// maxBodyText bounds how much of an unexpected error body goes into an error message.
const maxBodyText = 512

// bodyText returns the start of an error response's body. The SDK re-buffers that body after
// reading it, so it can be read again here.
func bodyText(raw *http.Response) string {
	if raw == nil || raw.Body == nil {
		return ""
	}
	b, _ := io.ReadAll(io.LimitReader(raw.Body, maxBodyText+1))
	s := strings.TrimSpace(string(b))
	if len(s) > maxBodyText {
		s = s[:maxBodyText] + "…"
	}
	return s
}

// bodyMessage finds the message in the error shapes compatible servers send:
// {"error":{"type","message"}} (OpenAI, Gemini, llama.cpp, whose code is a number),
// {"error":"text"} (Ollama) and {"object":"error","type","message"} (vLLM).
func bodyMessage(text string) string {
	var body struct {
		Error   json.RawMessage `json:"error"`
		Type    string          `json:"type"`
		Message string          `json:"message"`
	}
	if json.Unmarshal([]byte(text), &body) != nil {
		return ""
	}
	var nested struct{ Type, Message string }
	if json.Unmarshal(body.Error, &nested) == nil && nested.Message != "" {
		return join(nested.Type, nested.Message)
	}
	var flat string
	if json.Unmarshal(body.Error, &flat) == nil && flat != "" {
		return flat
	}
	if body.Message != "" {
		return join(body.Type, body.Message)
	}
	return ""
}
