package fakediscord

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
)

// File is one file part of a multipart request, as discordgo sends them:
// field "files[0]", "files[1]", ... with the file's name and content type.
type File struct {
	Field       string // the form field, e.g. "files[0]"
	Name        string // the file name, e.g. "board.png"
	ContentType string // discordgo sends application/octet-stream when the bot sets none
	Data        []byte
}

// PNGBounds decodes the file as a PNG and returns its bounds. It decodes
// the whole image, not just the header, so a truncated or corrupt PNG fails.
func (f File) PNGBounds() (image.Rectangle, error) {
	img, err := png.Decode(bytes.NewReader(f.Data))
	if err != nil {
		return image.Rectangle{}, fmt.Errorf("fakediscord: %s is not a valid PNG: %w", f.Name, err)
	}
	return img.Bounds(), nil
}

// parseBody fills r.JSON and r.Files from r.Body. Discord takes JSON bodies,
// or multipart/form-data with the JSON in a "payload_json" part and the
// files in parts that have a file name.
func parseBody(r *Request) error {
	if len(r.Body) == 0 {
		return nil
	}
	mediaType, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil {
		return badContentType(r.Header.Get("Content-Type"))
	}
	switch mediaType {
	case "application/json":
		r.JSON = r.Body
	case "multipart/form-data":
		mr := multipart.NewReader(bytes.NewReader(r.Body), params["boundary"])
		for {
			p, err := mr.NextPart()
			if err == io.EOF {
				break
			}
			if err != nil {
				return badRequest(50035, "Invalid multipart body: "+err.Error())
			}
			data, err := io.ReadAll(p)
			if err != nil {
				return badRequest(50035, "Invalid multipart body: "+err.Error())
			}
			switch {
			case p.FormName() == "payload_json":
				r.JSON = data
			case p.FileName() != "":
				r.Files = append(r.Files, File{Field: p.FormName(), Name: p.FileName(),
					ContentType: p.Header.Get("Content-Type"), Data: data})
			}
		}
	default:
		return badContentType(mediaType)
	}
	if r.JSON != nil && !json.Valid(r.JSON) {
		return badRequest(50109, "The request body contains invalid JSON.")
	}
	return nil
}

// checkUploads refuses a file larger than the upload limit, as Discord does: 413 Request entity
// too large (Reference: Uploading Files, https://discord.com/developers/docs/reference#uploading-files).
func (f *Fake) checkUploads(r *Request) error {
	for _, file := range r.Files {
		if len(file.Data) > f.cfg.uploadLimit {
			return &apiError{kind: ProblemBadRequest, status: http.StatusRequestEntityTooLarge, code: 40005, message: "Request entity too large",
				detail: fmt.Sprintf("%s (%s) has %d bytes, past the upload limit of %d", file.Field, file.Name, len(file.Data), f.cfg.uploadLimit)}
		}
	}
	return nil
}

func badContentType(ct string) *apiError {
	return &apiError{kind: ProblemBadRequest, status: http.StatusBadRequest, code: 0,
		message: "Unsupported content type", detail: fmt.Sprintf("Content-Type %q", ct)}
}
