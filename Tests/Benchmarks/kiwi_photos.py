#!/usr/bin/env python3
"""What kiwi_photos.sh measures in Python.

  kiwi_photos.py orient FILE N                        FILE (a JPEG) as a phone stores it: an EXIF block
                                                      saying orientation N (6: a portrait) after its start
  kiwi_photos.py post BASE TOKEN FILE                 one post of FILE; prints its JSON
  kiwi_photos.py burst BASE TOKEN FILE COUNT          COUNT posts of FILE at once; prints the seconds
  kiwi_photos.py page BASE USERNAME PASSWORD [PNG]    page 0 in Chromium as that member (1280 × 900,
                                                      scrolled to its end so every lazy image loads);
                                                      prints {"html": bytes, "images": bytes, "count": n};
                                                      with PNG, a screenshot of its top there
"""
import json
import shutil
import sys
import time
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor


def orient(path, orientation):
    """Inserts an APP1 EXIF block (little-endian TIFF, one IFD0 entry: Orientation) after the JPEG's SOI."""
    tiff = b"II*\x00\x08\x00\x00\x00" + b"\x01\x00" + b"\x12\x01\x03\x00\x01\x00\x00\x00" + bytes([orientation, 0, 0, 0]) + b"\x00\x00\x00\x00"
    payload = b"Exif\x00\x00" + tiff
    segment = b"\xff\xe1" + (len(payload) + 2).to_bytes(2, "big") + payload
    with open(path, "rb") as photo:
        data = photo.read()
    assert data[:2] == b"\xff\xd8", "not a JPEG"
    with open(path, "wb") as photo:
        photo.write(data[:2] + segment + data[2:])


def post(base, token, path):
    boundary = uuid.uuid4().hex
    with open(path, "rb") as photo:
        data = photo.read()
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"photo.jpg\"\r\n"
            f"Content-Type: image/jpeg\r\n\r\n").encode() + data + (
            f"\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nA page of the book\r\n--{boundary}--\r\n").encode()
    request = urllib.request.Request(base + "/posts", data=body, method="POST", headers={
        "Content-Type": f"multipart/form-data; boundary={boundary}", "Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=120) as response:
        return json.loads(response.read())


def page(base, username, password, screenshot=None):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900",
                     "--force-device-scale-factor=1"):
        options.add_argument(argument)
    # The chromedriver installed here: Selenium would otherwise look for one on the internet.
    driver = webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver")))
    try:
        driver.get(base + "/login")
        driver.find_element(By.ID, "username").send_keys(username)
        driver.find_element(By.ID, "password").send_keys(password)
        driver.find_element(By.CSS_SELECTOR, "form[action='/login'] button").click()
        time.sleep(1)
        # A fresh load of page 0, measured alone.
        driver.execute_script("performance.clearResourceTimings()")
        driver.get(base + "/")
        height = 0
        while height != driver.execute_script("return document.body.scrollHeight"):
            height = driver.execute_script("return document.body.scrollHeight")
            for y in range(0, height, 400):
                driver.execute_script(f"window.scrollTo(0, {y})")
                time.sleep(0.05)
        time.sleep(2)
        if screenshot:
            driver.execute_script("window.scrollTo(0, 0)")
            time.sleep(0.5)
            driver.save_screenshot(screenshot)
        html = driver.execute_script("return performance.getEntriesByType('navigation')[0].encodedBodySize")
        images = driver.execute_script(
            "return performance.getEntriesByType('resource').filter(e => e.initiatorType === 'img')"
            ".map(e => [e.name, e.encodedBodySize])")
        return {"html": html, "images": sum(size for _, size in images), "count": len(images),
                "largest": max((size for _, size in images), default=0)}
    finally:
        driver.quit()


if __name__ == "__main__":
    command, base = sys.argv[1], sys.argv[2]
    if command == "orient":
        orient(base, int(sys.argv[3]))
    elif command == "post":
        print(json.dumps(post(base, sys.argv[3], sys.argv[4])))
    elif command == "burst":
        count = int(sys.argv[5])
        started = time.monotonic()
        with ThreadPoolExecutor(count) as pool:
            list(pool.map(lambda _: post(base, sys.argv[3], sys.argv[4]), range(count)))
        print(f"{time.monotonic() - started:.2f}")
    elif command == "page":
        print(json.dumps(page(base, sys.argv[3], sys.argv[4], sys.argv[5] if len(sys.argv) > 5 else None)))
