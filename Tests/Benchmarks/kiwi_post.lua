-- wrk: POST /posts, a small PNG and a caption, as the reader whose token is in KIWI_TOKEN.
local boundary = "kiwibenchmark"
local png = "\137PNG\r\n\26\n" .. string.rep("\0", 2000)
wrk.method = "POST"
wrk.body = "--" .. boundary .. "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"p.png\"\r\n"
    .. "Content-Type: image/png\r\n\r\n" .. png .. "\r\n--" .. boundary
    .. "\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nWritten under load\r\n--" .. boundary .. "--\r\n"
wrk.headers["Content-Type"] = "multipart/form-data; boundary=" .. boundary
wrk.headers["Authorization"] = "Bearer " .. os.getenv("KIWI_TOKEN")
