"""The live page's screenshots in the docs (docs/pictures/live), taken in headless Chromium (selenium) from the
sessions of screenshots.lua: live-page.png, a grid with a corner node held out, up and to the right, and
live-miserables.png, Les Misérables cooled, its metrics in the panel.
Usage: python screenshots.py FORCELAB CHROMIUM CHROMEDRIVER FOLDER (scripts/live-screenshots runs it)."""
import os
import sys
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

FORCELAB, CHROMIUM, CHROMEDRIVER, FOLDER = sys.argv[1:5]
sys.argv[1:4] = [FORCELAB, CHROMIUM, CHROMEDRIVER]
import test_live_page as live  # noqa: E402  (the browser and the session of the browser tests)


def until(driver, script, seconds=60):
    deadline = time.monotonic() + seconds
    while not driver.execute_script(script):
        if time.monotonic() > deadline:
            raise TimeoutError(script)
        time.sleep(0.1)


def photograph(which, name, pose):
    session = live.Session("screenshots.lua", which)
    driver = live.browser()
    try:
        driver.get(session.url)
        live.PageTestCase.wait_page(driver)
        pose(driver)
        driver.save_screenshot(os.path.join(FOLDER, name))
        print("wrote " + os.path.join(FOLDER, name))
        ActionChains(driver).release().perform()
        driver.find_element(By.ID, "end").click()
        session.process.wait(timeout=10)
    finally:
        driver.quit()
        if session.process.poll() is None:
            session.process.kill()


def drag_the_last_node(driver):
    until(driver, "return forcelabLive.state().alpha < 0.05")
    canvas = driver.find_element(By.ID, "view")
    last = driver.execute_script("return forcelabLive.state().nodes") - 1
    x, y = driver.execute_script("return forcelabLive.screenPosition(arguments[0])", last)
    size = canvas.size
    actions = ActionChains(driver, duration=20).move_to_element_with_offset(
        canvas, int(round(x - size["width"] / 2)), int(round(y - size["height"] / 2))).click_and_hold()
    for _ in range(12):
        actions.move_by_offset(8, -10)
    actions.perform()
    time.sleep(1.5)


def cool(driver):
    until(driver, "return forcelabLive.state().metrics !== null")
    time.sleep(0.5)


photograph("grid", "live-page.png", drag_the_last_node)
photograph("miserables", "live-miserables.png", cool)
